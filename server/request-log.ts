// One JSON line per request: request id, method, path, status, duration and
// client address. Never the query string, cookies, headers or bodies; secret
// path segments redacted (app/lib/log-redaction.ts).
export { loggablePath, redactSecrets } from "~/lib/log-redaction";

export type Logger = ((fields: Record<string, unknown>) => void) & { flush(): void };

/**
 * Writes log lines to `out` (stdout). Lines are gathered and flushed once per
 * event-loop turn: under load this turns hundreds of write syscalls a second
 * into a few, and nothing is held back longer than one turn.
 */
export function createLogger(out: NodeJS.WritableStream = process.stdout): Logger {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    out.write(chunk);
  };
  const log = (fields: Record<string, unknown>) => {
    pending.push(JSON.stringify({ time: new Date().toISOString(), ...fields }) + "\n");
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return Object.assign(log, { flush });
}
