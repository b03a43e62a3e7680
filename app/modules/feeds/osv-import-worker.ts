/**
 * The worker-thread side of the OSV feed (osv.server.ts): imports one
 * downloaded all.zip into the database on the thread's own connection, the
 * zip streamed from disk by the store's importer (fflate, one entry in memory
 * at a time), so a full export never holds up requests on the main thread.
 * Posts progress now and then, and the result (or the error's message) at the end.
 */
import { parentPort, workerData } from "node:worker_threads";
import { closeDatabase, useDatabase as openProcessDatabase } from "~/lib/db.server";
// The store's importer alone: the module's index.server.ts would load its routes' code into the thread.
// eslint-disable-next-line boundaries/dependencies
import { importOsvPath } from "~/modules/vulnerability/deps/osv-store.server";

export type OsvImportTask = { dbFile: string; zip: string };
export type OsvImportMessage =
  | { type: "progress"; records: number; bytes: number; totalBytes: number }
  | { type: "done"; read: number; invalid: number; inserted: number; updated: number; changedIds: string[] }
  | { type: "error"; message: string };

const task = workerData as OsvImportTask;
const post = (m: OsvImportMessage) => parentPort!.postMessage(m);

openProcessDatabase(task.dbFile);
let last = 0;
try {
  const r = await importOsvPath(task.zip, {
    onProgress: (p) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      post({ type: "progress", ...p });
    },
  });
  post({
    type: "done",
    read: r.read,
    invalid: r.invalid,
    inserted: r.inserted,
    updated: r.updated,
    changedIds: r.changedIds,
  });
} catch (error) {
  post({ type: "error", message: error instanceof Error ? error.message : String(error) });
} finally {
  closeDatabase();
}
