/**
 * What the logs may show of a request: never the query string (it may carry
 * tokens), and path segments that are secrets (invitation, reset and
 * verification tokens) replaced by a placeholder. Used by the server's request
 * log and by the app's error log (entry.server.tsx).
 */
const SECRET_PATHS = [/^(\/invite\/)[^/]+/i, /^(\/reset-password\/)[^/]+/i, /^(\/verify\/)[^/]+/i];

/** The path as logged: no query, secret segments redacted, bounded length. */
export function loggablePath(path: string | null | undefined): string {
  let p = String(path ?? "").split("?")[0];
  for (const re of SECRET_PATHS) p = p.replace(re, "$1:token");
  return p.length > 300 ? p.slice(0, 300) + "…" : p;
}

const SECRET_ANYWHERE = /(\/(?:invite|reset-password|verify)\/)[^/\s?#"'<>]+/gi;

/**
 * Error text (messages, stacks) with secret path segments redacted: an error
 * raised while serving /invite/<token> may quote its URL.
 */
export function redactSecrets(text: unknown): string {
  return String(text ?? "").replace(SECRET_ANYWHERE, "$1:token");
}
