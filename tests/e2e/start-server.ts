// Starts the built app for the end-to-end suite on a fresh, migrated database.
import fs from "node:fs";
import path from "node:path";

const db = process.env.DATABASE_URL;
if (!db) throw new Error("DATABASE_URL is required");
fs.rmSync(path.dirname(db), { recursive: true, force: true });
fs.mkdirSync(path.dirname(db), { recursive: true });
await import("../../server");
