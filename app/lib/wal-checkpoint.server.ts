/**
 * WAL checkpoints off the event loop (docs/decisions/023-events-fts-contentless.md).
 *
 * SQLite checkpoints on its own: the commit that takes the WAL past 1,000
 * pages copies the WAL into the database file and fsyncs it, on the
 * committing connection. With better-sqlite3 that is the event loop, inside
 * whichever request or ingestion batch happened to commit then; on this
 * machine's shared disk one such fsync held the loop for hundreds of
 * milliseconds while events were being ingested (bench/events.ts).
 *
 * startWalCheckpoints() turns the connection's automatic checkpoint off and
 * runs PASSIVE checkpoints from a worker thread with its own connection, every
 * CHECKPOINT_EVERY_MS. PASSIVE never waits for the writer or the readers; in
 * WAL mode the writer keeps appending while the worker copies and fsyncs, and
 * a fully checkpointed WAL is reused from its start. Durability is unchanged
 * (synchronous=NORMAL: a commit is durable once the WAL reaches the disk at
 * the next checkpoint, as before). If the worker stops, the connection's
 * automatic checkpoint is turned back on. Only the server starts it: tests
 * and scripts keep SQLite's default.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

export const CHECKPOINT_EVERY_MS = 1000;
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

// Plain CommonJS evaluated in the worker (no bundling of a second entry point): its own connection to the
// same file, a PASSIVE checkpoint on a timer, a TRUNCATE one when asked (closing), errors reported back.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
db.pragma("wal_autocheckpoint = 0");
const checkpoint = (mode) => {
  try {
    db.pragma("wal_checkpoint(" + mode + ")");
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
};
const timer = setInterval(() => checkpoint("PASSIVE"), workerData.everyMs);
parentPort.on("message", (m) => {
  if (m === "stop") {
    clearInterval(timer);
    checkpoint("PASSIVE");
    db.close();
    parentPort.close();
  }
});
`;

let running: { worker: Worker; connection: Database.Database } | null = null;

export function startWalCheckpoints(connection: Database.Database, options: { everyMs?: number } = {}) {
  if (running?.connection === connection) return;
  stopWalCheckpoints();
  if (connection.memory) return;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file: connection.name,
      // Resolved here, so the worker finds the same driver whatever the working directory.
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS,
    },
  });
  worker.unref();
  const restore = () => {
    if (running?.worker !== worker) return;
    running = null;
    if (connection.open) connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  };
  worker.on("message", (m: { error?: string }) => {
    if (m.error)
      console.error(
        JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: "WAL checkpoint failed", error: m.error }),
      );
  });
  worker.on("error", (error) => {
    console.error(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "error",
        msg: "WAL checkpoint worker stopped; SQLite checkpoints on commit again",
        error: String(error),
      }),
    );
    restore();
  });
  worker.on("exit", restore);
  connection.pragma("wal_autocheckpoint = 0");
  running = { worker, connection };
}

/** Stops the worker (after one last checkpoint) and gives the connection its automatic checkpoint back. */
export function stopWalCheckpoints() {
  if (!running) return;
  const { worker, connection } = running;
  running = null;
  worker.postMessage("stop");
  if (connection.open) connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
}
