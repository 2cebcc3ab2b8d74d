/**
 * Throwaway certificates for the PSP simulator's mTLS (tests, `npm run psp:sim` with
 * PSP_SIM_TLS_DIR): a CA, a server certificate for 127.0.0.1 and localhost, and a client
 * certificate, all P-256 and signed by that CA, valid for a few days. Node 20's node:crypto makes
 * keys but not X.509 certificates, so this runs the `openssl` binary (OpenSSL 1.1.1 or 3.x).
 * Never for production: the CA's key is thrown away (or left in `dir`) with the rest.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** PEM text of each piece. */
export interface ThrowawayCerts {
  ca: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

/** File names in a certificate folder (PSP_SIM_TLS_DIR). */
export const CERT_FILES = {
  ca: "ca.pem",
  caKey: "ca-key.pem",
  serverCert: "server.pem",
  serverKey: "server-key.pem",
  clientCert: "client.pem",
  clientKey: "client-key.pem",
} as const satisfies Record<keyof ThrowawayCerts, string>;

/**
 * Makes the set with openssl, in `dir` (kept) or a temporary folder (removed). Throws when
 * openssl is not installed, saying so.
 */
export function makeThrowawayCerts(options: { dir?: string; days?: number } = {}): ThrowawayCerts {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "psp-sim-certs-"));
  mkdirSync(dir, { recursive: true });
  const days = String(options.days ?? 7);
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => {
    try {
      execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
      if (e.code === "ENOENT") throw new Error("makeThrowawayCerts needs the openssl binary on PATH");
      throw new Error(`openssl ${args[0]} failed: ${e.stderr?.toString() ?? e.message}`);
    }
  };
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  try {
    openssl("req", "-x509", ...ec, "-keyout", at(CERT_FILES.caKey), "-out", at(CERT_FILES.ca), "-days", days, "-subj", "/CN=PSP simulator throwaway CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
    const leaf = (cert: string, key: string, subject: string, extensions: string) => {
      writeFileSync(at("ext.cnf"), extensions);
      openssl("req", ...ec, "-keyout", at(key), "-out", at("leaf.csr"), "-subj", subject);
      openssl("x509", "-req", "-in", at("leaf.csr"), "-CA", at(CERT_FILES.ca), "-CAkey", at(CERT_FILES.caKey), "-set_serial", `0x${Date.now().toString(16)}${Math.floor(Math.random() * 1e6).toString(16)}`, "-out", at(cert), "-days", days, "-sha256", "-extfile", at("ext.cnf"));
    };
    leaf(CERT_FILES.serverCert, CERT_FILES.serverKey, "/CN=127.0.0.1", "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n");
    leaf(CERT_FILES.clientCert, CERT_FILES.clientKey, "/CN=pay-gateway PSP client", "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n");
    rmSync(at("ext.cnf"), { force: true });
    rmSync(at("leaf.csr"), { force: true });
    return Object.fromEntries(Object.entries(CERT_FILES).map(([k, name]) => [k, readFileSync(at(name), "utf8")])) as unknown as ThrowawayCerts;
  } finally {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  }
}
