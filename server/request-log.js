// One JSON line per request: request id, method, path, status, duration and
// client address. Never the query string (it may carry tokens), never cookies,
// headers or bodies; path segments that are secrets (invitation tokens) are
// replaced by a placeholder.

const SECRET_PATHS = [/^(\/invite\/)[^/]+/i, /^(\/reset-password\/)[^/]+/i, /^(\/verify\/)[^/]+/i];

/** The path as logged: no query, secret segments redacted, bounded length. */
export function loggablePath(path) {
  let p = String(path ?? "").split("?")[0];
  for (const re of SECRET_PATHS) p = p.replace(re, "$1:token");
  return p.length > 300 ? p.slice(0, 300) + "…" : p;
}

const SECRET_ANYWHERE = /(\/(?:invite|reset-password|verify)\/)[^/\s?#"'<>]+/gi;

/**
 * Error text (messages, stacks) with secret path segments redacted: an error
 * raised while serving /invite/<token> may quote its URL.
 */
export function redactSecrets(text) {
  return String(text ?? "").replace(SECRET_ANYWHERE, "$1:token");
}

/**
 * Writes log lines to `out` (stdout). Lines are gathered and flushed once per
 * event-loop turn: under load this turns hundreds of write syscalls a second
 * into a few, and nothing is held back longer than one turn.
 */
export function createLogger(out = process.stdout) {
  let pending = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    out.write(chunk);
  };
  const log = (fields) => {
    pending.push(JSON.stringify({ time: new Date().toISOString(), ...fields }) + "\n");
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  log.flush = flush;
  return log;
}
