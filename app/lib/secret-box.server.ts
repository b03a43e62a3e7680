/**
 * Secrets the app must read back later (a user's TOTP secret, an organization's SSO client secret) are kept
 * sealed at rest: AES-256-GCM with a key derived by HKDF-SHA-256 from the session secret (SESSION_SECRET, or
 * the generated file beside the database: app/lib/env.server.ts). A copy of the database alone reveals none of
 * them; whoever has the session secret as well has everything anyway (they can forge sessions).
 *
 * Sealed form: `v1.<base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext)>`. The version prefix lets a later key
 * rotation tell old boxes from new. Changing the session secret makes every sealed value unreadable (and signs
 * everyone out): docs/operations.md says what that means for two-factor sign-in.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sessionSecret } from "./env.server";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

let cached: { secret: string; key: Buffer } | null = null;

function key(): Buffer {
  const secret = sessionSecret();
  // Derived again only when the secret changes (tests set their own).
  if (!cached || cached.secret !== secret)
    cached = {
      secret,
      key: Buffer.from(hkdfSync("sha256", secret, "rampart-secret-box", "rampart secret-box v1 aes-256-gcm", 32)),
    };
  return cached.key;
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
