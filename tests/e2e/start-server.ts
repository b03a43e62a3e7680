// Starts the built app for the end-to-end suite on a fresh, migrated database, with a loopback SMTP server in front
// of it: every message the app sends is written as a raw RFC 822 file to E2E_MAIL_DIR, where the tests read it
// (fixtures.ts, `mailbox`) and follow its link as a person would (issue 20).
import fs from "node:fs";
import path from "node:path";
import { startLoopbackSmtp } from "../support/loopback-smtp";
import { startLoopbackDns } from "../support/loopback-dns";

const db = process.env.DATABASE_URL;
if (!db) throw new Error("DATABASE_URL is required");
const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error("E2E_MAIL_DIR is required");
fs.rmSync(path.dirname(db), { recursive: true, force: true });
fs.mkdirSync(path.dirname(db), { recursive: true });
fs.mkdirSync(mailDir, { recursive: true });
// The product ships no Pwned Passwords counts (issue 30): the suite's server gets a small test corpus, imported as an
// operator's would be, so the password pages have breach data (tests/e2e/no-all-clear.spec.ts runs without any).
{
  const { migrateDatabase, openDatabase } = await import("../../app/lib/db.server");
  const { importTestCorpus } = await import("../support/pwned-corpus");
  migrateDatabase(db);
  const conn = openDatabase(db);
  importTestCorpus(conn.db);
  conn.sqlite.close();
}

let seq = 0;
const smtp = await startLoopbackSmtp({
  onMessage(mail) {
    // Written under a temporary name, then renamed, so a polling test never reads half a message.
    const name = `${Date.now()}-${String(++seq).padStart(6, "0")}.eml`;
    const tmp = path.join(mailDir, `.${name}.tmp`);
    fs.writeFileSync(tmp, mail.raw);
    fs.renameSync(tmp, path.join(mailDir, name));
  },
});
// The mailer reads these when it sends (app/lib/mailer.server.ts).
process.env.SMTP_HOST = smtp.config.host;
process.env.SMTP_PORT = String(smtp.port);
process.env.SMTP_SECURE = "0";
process.env.SMTP_FROM = smtp.config.from;
// Domain verification asks a loopback DNS server (issue 32): it answers a TXT query for NAME from the file
// E2E_DNS_ZONE/NAME.json (a JSON array of strings) that a test writes, read again on every query.
const zoneDir = process.env.E2E_DNS_ZONE;
if (zoneDir) {
  fs.mkdirSync(zoneDir, { recursive: true });
  const dns = await startLoopbackDns({
    txt(name) {
      if (!/^[a-z0-9.-]+$/.test(name)) return undefined;
      try {
        return JSON.parse(fs.readFileSync(path.join(zoneDir, `${name}.json`), "utf8")) as string[];
      } catch {
        return undefined;
      }
    },
  });
  process.env.RAMPART_DNS_SERVERS = dns.server;
}
// A movable app clock for the emergency access spec (app/lib/clock.server.ts): installed here, before the app loads,
// and never by server.ts, so the `[__test].clock` route that moves it cannot be turned on in production.
{
  const { installTestClock } = await import("../../app/lib/clock.server");
  installTestClock();
}
await import("../../server");
