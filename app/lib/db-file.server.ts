// The database holds password hashes, session hashes and every tenant's data:
// only the server's own user may read it. SQLite gives its -wal, -shm and
// -journal files the mode of the main file, so creating the main file 0600
// before SQLite opens it is what makes all of them 0600; an existing file (and
// its companions) from an older release is tightened on open.
import fs from "node:fs";
import path from "node:path";

export const DATABASE_FILE_MODE = 0o600;

export function preparePrivateDatabaseFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": create only; an existing file is left as it is (and chmod-ed below).
    fs.closeSync(fs.openSync(file, "wx", DATABASE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      // Not fatal: a file owned by another user (read-only mounts, backups) is the operator's choice.
      if ((fs.statSync(f).mode & 0o777) !== DATABASE_FILE_MODE) fs.chmodSync(f, DATABASE_FILE_MODE);
    } catch {
      /* absent or not ours */
    }
  }
  return file;
}
