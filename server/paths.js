// Where the database lives: DATABASE_URL is a file path, relative or absolute,
// and a `file:` prefix is accepted. Shared by the server, the scripts and the app.
import path from "node:path";

export function databasePathFrom(url) {
  return path.resolve(String(url || "data/rampart.db").replace(/^file:(\/\/)?/, ""));
}

export function databasePath() {
  return databasePathFrom(process.env.DATABASE_URL);
}
