// npm run db:migrate: applies the committed migrations to DATABASE_URL (data/rampart.db
// by default). The server does the same at start; this is for upgrades done ahead of it.
import { migrateDatabase } from "~/lib/db.server";

console.log(JSON.stringify({ level: "info", msg: "database migrated", database: migrateDatabase() }));
