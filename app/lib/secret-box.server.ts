/**
 * Secrets stored at rest (an SSO client secret, a TOTP seed), sealed with AES-256-GCM. The key is a random
 * 32-byte secret kept beside the session secret in the data directory (`secret-box-key`, mode 0600, created on
 * first use by fileSecret), never the session secret itself: rotating one must not expose the other.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the 96-bit IV is random per seal.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { fileSecret } from "./env.server";

function key(): Buffer {
  // The file holds 32 random bytes as base64url text; hashing gives exactly 32 key bytes whatever its length.
  return createHash("sha256").update(fileSecret("secret-box-key")).digest();
}

export function seal(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(
    ".",
  );
}

/** Throws when the value was not sealed with this install's key or was altered. */
export function open(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
