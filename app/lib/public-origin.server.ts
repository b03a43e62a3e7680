/**
 * The site's public origin. Two sources, both set by the operator and never by
 * a request: PUBLIC_URL, or the address stored with `npm run admin --
 * public-url <url>` (a file in the data directory, read again at most once a
 * second, so a running server picks it up without a restart).
 *
 * Links in mail (password reset, e-mail verification, invitations, the
 * sign-up notice) use only this configured origin: a link built from the
 * request's Host or X-Forwarded-Host header would let anyone who asks for a
 * reset have the victim mailed a link to their own site carrying a live
 * token (issue 26 §7). When neither source is set, link mail is not sent and
 * the server log says why (`linkMailRefused`).
 */
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

const STORED_FILE = "public-url";
const STORED_TTL_MS = 1_000;
let stored: { value: string | null; readAt: number; file: string } | null = null;

function storedFile(): string {
  return path.join(getEnv().dataDir, STORED_FILE);
}

function readStored(): string | null {
  const file = storedFile();
  const now = Date.now();
  if (stored && stored.file === file && now - stored.readAt < STORED_TTL_MS) return stored.value;
  let value: string | null;
  try {
    value = normalizePublicUrl(fs.readFileSync(file, "utf8").trim());
  } catch {
    value = null; // absent or not an address: no stored origin
  }
  stored = { value, readAt: now, file };
  return value;
}

/**
 * An operator-given address as an origin (`https://rampart.example.org`): http
 * or https, no credentials, path, query or fragment. Throws a message for the
 * operator otherwise.
 */
export function normalizePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`"${raw}" is not an address: give one like https://rampart.example.org`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("The address must start with https://");
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    throw new Error("Give only the site's origin, like https://rampart.example.org (no path, query or credentials)");
  return url.origin;
}

/** Stores the public address for this data directory (the operator's command); answers the origin stored. */
export function storePublicUrl(raw: string): string {
  const origin = normalizePublicUrl(raw.trim());
  const file = storedFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, origin + "\n", { mode: 0o644 });
  stored = null;
  return origin;
}

/** Removes the stored address (`npm run admin -- public-url unset`). */
export function forgetStoredPublicUrl(): void {
  fs.rmSync(storedFile(), { force: true });
  stored = null;
}

/** PUBLIC_URL, else the operator-stored address, else null (never derived from a request). */
export function configuredOrigin(): string | null {
  const env = getEnv().PUBLIC_URL;
  if (env) return env.replace(/\/+$/, "");
  return readStored();
}

/** Where link mail points. Null: send no link mail (see linkMailRefused). */
export const linkOrigin = configuredOrigin;

/** The message a person gets when a link cannot be mailed for want of a configured address. */
export const NO_PUBLIC_URL_MESSAGE =
  "This server cannot mail links yet: its public address is not set. Ask the person who runs it for help.";

/**
 * Says on the operator's log (stderr, one JSON line) that a link mail was not
 * sent because no public address is configured. Names the kind of mail only:
 * never the address or the account.
 */
export function linkMailRefused(kind: "password-reset" | "verification" | "invitation") {
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "warn",
      msg: `${kind} mail not sent: no public address is configured, and links in mail never take the host from a request. Set PUBLIC_URL or run: npm run admin -- public-url https://your.site (docs/operations.md).`,
    }),
  );
}

/**
 * The site's public origin for canonical URLs, Open Graph tags and the
 * sitemap: the configured origin (behind a proxy the request URL may name an
 * internal host), else the origin the request came to. Never for mail.
 */
export function siteOrigin(request: Request): string {
  return configuredOrigin() ?? new URL(request.url).origin;
}

/**
 * Without a configured origin the one above is whatever Host header the client
 * sent: a page or file that embeds it must never be stored by a browser, a
 * proxy or a CDN (one visitor's forged host would be served to the next), nor
 * by the server's page cache. Answers `cacheable` when an origin is configured.
 */
export function hostDependentCacheControl(cacheable: string): string {
  return configuredOrigin() ? cacheable : "no-store";
}

export function originFromRequest(): boolean {
  return !configuredOrigin();
}

/** Whether the configured public address is HTTPS (the session cookie is then `__Host-`, session.server.ts). */
export function publicUrlIsHttps(): boolean {
  return configuredOrigin()?.startsWith("https:") === true;
}
