/**
 * Secrets the app must read back later (a user's TOTP secret, an organization's SSO client secret) are kept
 * sealed at rest with AES-256-GCM. The key is a random 32-byte secret kept beside the session secret in the data
 * directory (`secret-box-key`, mode 0600, created on first use by fileSecret), never the session secret itself:
 * rotating one must not expose or break the other. A copy of the database alone reveals none of the secrets.
 *
 * Sealed form: `v1.<base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext)>`. The version prefix lets a later key
 * rotation tell old boxes from new. Losing the key file makes every sealed value unreadable: docs/operations.md
 * says what that means for two-factor sign-in and single sign-on.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { fileSecret } from "./env.server";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function key(): Buffer {
  // The file holds 32 random bytes as base64url text; hashing gives exactly 32 key bytes whatever its length.
  return createHash("sha256").update(fileSecret("secret-box-key")).digest();
}

export class SecretBoxError extends Error {}

/** Encrypts a UTF-8 string; each call uses a fresh random IV, so sealing the same text twice differs. */
export function seal(plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Decrypts what seal() produced. Throws SecretBoxError when the box was altered or sealed under another key. */
export function open(sealed: string): string {
  const [version, payload] = sealed.split(".", 2);
  if (version !== VERSION || !payload) throw new SecretBoxError("Not a sealed value");
  const raw = Buffer.from(payload, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError("Sealed value too short");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("Sealed value altered or sealed with another key");
  }
}
