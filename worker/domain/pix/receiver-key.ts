/**
 * The receiving PIX key of a charge (the JWS `chave`): a key registered in the BCB's DICT, in one
 * of its five formats. No bank can credit anything else, so a key is checked when it is
 * configured, not when a payer's bank fails to resolve it.
 */
export { PIX_KEY_FORMATS, pixKeyType, type PixKeyType } from "../../../shared/pix-keys";

/**
 * The sandbox's receiving key, used by test charges when neither the seller nor the installation
 * has one. A random EVP that nobody registered: test QR codes never credit anyone.
 */
export const SANDBOX_PIX_KEY = "2f1c5a0e-7b7d-4c1e-9a3f-5b0d5a4db0c5";
