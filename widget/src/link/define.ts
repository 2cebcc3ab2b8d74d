/**
 * The link mode's chunk (dist/widget/pay-link.js, served at `{base}/pay-link.js`): `<pay-checkout
 * payment-link>` imports it the first time it is needed, so pages that pay a transaction never
 * download it.
 */
import { PayLink } from "./pay-link";

if (!customElements.get("pay-link")) customElements.define("pay-link", PayLink);

export { PayLink };
