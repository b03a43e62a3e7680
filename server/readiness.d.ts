import type Database from "better-sqlite3";

export function createReadinessCheck(opts: {
  file: string;
  getConnection?: () => Database.Database | null;
}): () => { ok: true } | { ok: false; error: string };
