/**
 * Breach exposure by k-anonymity, as Pwned Passwords does it: the SHA-1 of the
 * password is computed where the password is (the browser), only its first
 * five hex characters are sent to GET /api/pwned/range/{prefix}, and the
 * answer's `SUFFIX:COUNT` lines are searched locally for the other 35.
 * SHA-1 comes from @noble/hashes because crypto.subtle is missing on plain
 * HTTP outside localhost. Isomorphic: the server's no-JS path uses it too.
 */
import { sha1 } from "@noble/hashes/legacy.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export const RANGE_PREFIX_LENGTH = 5;
export const PREFIX_PATTERN = /^[0-9A-Fa-f]{5}$/;
/** One line of a range answer. */
export const RANGE_LINE_PATTERN = /^[0-9A-F]{35}:\d+$/;

/** Upper-case hex SHA-1 of the password's UTF-8 bytes (what Pwned Passwords indexes). */
export function passwordSha1(password: string): string {
  return bytesToHex(sha1(utf8ToBytes(password))).toUpperCase();
}

export function splitHash(hash: string): { prefix: string; suffix: string } {
  const h = hash.toUpperCase();
  return { prefix: h.slice(0, RANGE_PREFIX_LENGTH), suffix: h.slice(RANGE_PREFIX_LENGTH) };
}

/** The range URL for a prefix; nothing else about the password goes into it. */
export function pwnedRangeUrl(prefix: string, base = ""): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error("A range prefix is exactly 5 hexadecimal characters");
  return `${base}/api/pwned/range/${prefix.toUpperCase()}`;
}

/**
 * The breach count of `suffix` in a range answer, 0 when absent. Count-0 lines
 * are padding and ignored; lines are CRLF- or LF-separated, as in the real API.
 */
export function countInRange(body: string, suffix: string): number {
  const wanted = suffix.toUpperCase();
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).toUpperCase() !== wanted) continue;
    const count = Number.parseInt(line.slice(colon + 1), 10);
    return Number.isFinite(count) && count > 0 ? count : 0;
  }
  return 0;
}

export type RangeFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * How the app's pages ask for a range: no cookie, and padding, which hides how
 * many hashes the prefix has from anyone who sees the answer's size.
 */
export const RANGE_REQUEST_INIT: RequestInit = {
  headers: { Accept: "text/plain", "Add-Padding": "true" },
  credentials: "omit",
};

/**
 * The server holds no breach data at all (its range API answered 503): the
 * password was not checked, which a page says as such, never as "not found".
 */
export class BreachDataUnavailable extends Error {}

/** Reads the message of the server's 503 `{ message }` answer, or a default. */
export async function notCheckedMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return "Not checked against breach data: the breach data is not available on this server.";
}

/**
 * How many times a password appears in the breach corpus, asking the range
 * API with only the hash prefix. Throws on a non-2xx answer (a 429 included)
 * so the page can say the check could not run instead of "not found";
 * BreachDataUnavailable when the server has no breach data (503).
 */
export async function pwnedCount(password: string, fetchImpl: RangeFetch = fetch, base = ""): Promise<number> {
  const { prefix, suffix } = splitHash(passwordSha1(password));
  const response = await fetchImpl(pwnedRangeUrl(prefix, base), RANGE_REQUEST_INIT);
  if (response.status === 503) throw new BreachDataUnavailable(await notCheckedMessage(response));
  if (!response.ok)
    throw new Error(
      response.status === 429
        ? "Too many checks. Please wait a moment and try again."
        : "The breach check could not be completed.",
    );
  return countInRange(await response.text(), suffix);
}
