// /readyz: the process is up *and* the app's database answers. The check reads
// the schema table, which touches the file (a bare `SELECT 1` is answered by
// SQLite without reading the database at all).
import Database from "better-sqlite3";

export type Readiness = { ok: true } | { ok: false; error: string };

/**
 * `getConnection()` answers the app's open better-sqlite3 connection when
 * there is one; otherwise the check opens (once) its own connection to
 * `file`, with a short busy timeout so a locked database fails fast instead of
 * stalling the event loop.
 */
export function createReadinessCheck({
  file,
  getConnection = () => null,
}: {
  file: string;
  getConnection?: () => Database.Database | null;
}): () => Readiness {
  let own: Database.Database | null = null;
  return function ready(): Readiness {
    try {
      let conn = getConnection();
      if (!conn || !conn.open) {
        if (!own || !own.open) {
          own = new Database(file, { fileMustExist: true });
          own.pragma("busy_timeout = 1000");
        }
        conn = own;
      }
      // Raw SQL: this runs on a bare connection as well (no drizzle), and sqlite_schema is not a drizzle table.
      conn.prepare("SELECT 1 AS ok").get();
      conn.prepare("SELECT count(*) AS n FROM sqlite_schema").get();
      return { ok: true };
    } catch (error) {
      try {
        own?.close();
      } catch {
        /* already broken */
      }
      own = null;
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
}
