/**
 * The Node host's PIX PSP settings: the variables of connectors/bcb-pix/config.ts, where
 * PIX_PSP_CERT, PIX_PSP_KEY and PIX_PSP_CA may each be PEM text or the path of a PEM file (a
 * certificate is usually a file a PSP's portal hands out; a container passes text). Files are
 * read here, once, at start, so the portable part only ever sees text.
 */
import { readFileSync } from "node:fs";
import { ConfigError } from "../config-rules";
import { readBcbPixSettings, type BcbPixEnv, type BcbPixSettings } from "../connectors/bcb-pix/config";

const PEM_VARIABLES = ["PIX_PSP_CERT", "PIX_PSP_KEY", "PIX_PSP_CA"] as const;

/** Reads the settings (null: no PSP configured, live PIX refused); a bad value throws ConfigError naming it. */
export function readNodePspSettings(env: NodeJS.ProcessEnv = process.env): BcbPixSettings | null {
  const resolved: BcbPixEnv = {
    PIX_PSP_URL: env.PIX_PSP_URL,
    PIX_PSP_TOKEN_URL: env.PIX_PSP_TOKEN_URL,
    PIX_PSP_CLIENT_ID: env.PIX_PSP_CLIENT_ID,
    PIX_PSP_CLIENT_SECRET: env.PIX_PSP_CLIENT_SECRET,
    PIX_PSP_RECEIVER_ACCOUNT: env.PIX_PSP_RECEIVER_ACCOUNT,
  };
  for (const name of PEM_VARIABLES) resolved[name] = pemText(name, env[name]);
  return readBcbPixSettings(resolved);
}

/** PEM text as given, or the content of the file it names. */
function pemText(name: string, value: string | undefined): string | undefined {
  const given = value?.trim();
  if (!given || given.includes("-----BEGIN")) return given;
  try {
    return readFileSync(given, "utf8");
  } catch (err) {
    // Not the value: what looks like a path may be key material pasted without its PEM lines.
    throw new ConfigError(`${name} is neither PEM text nor the path of a readable file (${(err as NodeJS.ErrnoException).code ?? "unreadable"}).`);
  }
}
