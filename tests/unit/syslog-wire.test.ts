/**
 * Issue 28 (event ingestion, detection): syslog as the real clients put it on the wire (util-linux `logger`
 * and npm `syslog-client`, captured from a UDP socket), posted to /api/events on the real built server: RFC 5424
 * structured data kept as `sd.<SD-ID>.<param>`, the message intact, RFC 3164 lines without a TAG, severity and
 * facility as RFC keyword and number, and a Sigma rule for `product: linux, service: sshd` raising a detection.
 */
import { execFileSync } from "node:child_process";
import dgram from "node:dgram";
import { createRequire } from "node:module";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSLOG_FIELD } from "~/modules/events";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";

const require = createRequire(import.meta.url);
const syslog = require("syslog-client") as {
  createClient: (
    target: string,
    options: Record<string, unknown>,
  ) => {
    log: (message: string, options: Record<string, unknown>, cb: (error: Error | null) => void) => void;
    close: () => void;
  };
  Transport: { Udp: number };
  Facility: Record<string, number>;
  Severity: Record<string, number>;
};

let server: RunningServer;
let dbFile: string;
let cookie: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-syslog-wire-");
  dbFile = db.file;
  ({ cookie } = await seedAccount(db.file, { plan: "business" }));
  server = await startServer({ dbFile: db.file });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

/** The datagrams a client sends, read from a local UDP socket: the bytes a syslog server would receive. */
async function capture(n: number, send: (port: number) => Promise<void> | void): Promise<string[]> {
  const socket = dgram.createSocket("udp4");
  const lines: string[] = [];
  const done = new Promise<void>((resolve) =>
    socket.on("message", (msg) => {
      lines.push(msg.toString("utf8").replace(/\n$/, ""));
      if (lines.length === n) resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  await send(socket.address().port);
  await done;
  socket.close();
  return lines;
}

const logger = (port: number, args: string[]): void =>
  void execFileSync("logger", ["--server", "127.0.0.1", "--port", String(port), "--udp", ...args]);

async function ingest(lines: string[]) {
  const res = await fetch(`${server.url}/api/events`, {
    method: "POST",
    headers: { "Content-Type": "text/plain", Cookie: cookie },
    body: lines.join("\n"),
  });
  const body = (await res.json()) as { accepted: number; rejected: unknown[] };
  expect(res.status).toBe(202);
  expect(body.rejected).toEqual([]);
  return body;
}

function stored(original: string) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const row = db.prepare("SELECT host, source, message, fields FROM events WHERE original = ?").get(original) as {
      host: string;
      source: string | null;
      message: string | null;
      fields: string;
    };
    return { ...row, fields: JSON.parse(row.fields) as Record<string, unknown> };
  } finally {
    db.close();
  }
}

describe("syslog from real clients through /api/events", () => {
  it("keeps logger --rfc5424's structured data as fields and its message intact", async () => {
    const [line] = await capture(1, (port) =>
      logger(port, [
        "--rfc5424",
        "-t",
        "sshd",
        "-p",
        "auth.err",
        "-i",
        "--sd-id",
        "origin",
        "--sd-param",
        'ip="10.1.2.3"',
        "--sd-param",
        'software="a\\]b\\"c"',
        "Failed password for root from 10.0.0.1 port 22 ssh2",
      ]),
    );
    expect(line).toContain("[timeQuality ");
    await ingest([line!]);
    const e = stored(line!);
    expect(e.message).toBe("Failed password for root from 10.0.0.1 port 22 ssh2");
    expect(e.source).toBe("sshd");
    expect(e.fields).toMatchObject({
      [SYSLOG_FIELD.app]: "sshd",
      "sd.timeQuality.tzKnown": "1",
      "sd.origin.ip": "10.1.2.3",
      "sd.origin.software": 'a]b"c',
      severity: "err",
      severityCode: 3,
      facility: "auth",
      facilityCode: 4,
    });
    expect(Number(e.fields[SYSLOG_FIELD.procId])).toBeGreaterThan(0);
  });

  it("reads logger --rfc3164 lines, and syslog-client's RFC 3164 lines without a TAG", async () => {
    const [bsd] = await capture(1, (port) => logger(port, ["--rfc3164", "-t", "cron", "-p", "cron.info", "job done"]));
    const client = await capture(2, async (port) => {
      const c = syslog.createClient("127.0.0.1", { port, transport: syslog.Transport.Udp, syslogHostname: "db-7" });
      const log = (message: string, options: Record<string, unknown>) =>
        new Promise<void>((resolve, reject) => c.log(message, options, (err) => (err ? reject(err) : resolve())));
      await log("disk almost full on /var", { facility: syslog.Facility.System, severity: syslog.Severity.Warning });
      await log("sent with rfc5424", { rfc3164: false, appName: "backup", facility: syslog.Facility.Local3 });
      c.close();
    });
    await ingest([bsd!, ...client]);
    expect(stored(bsd!)).toMatchObject({
      source: "cron",
      message: "job done",
      fields: { severity: "info", severityCode: 6, facility: "cron" },
    });
    const noTag = stored(client.find((l) => l.includes("disk almost"))!);
    expect(noTag).toMatchObject({ host: "db-7", message: "disk almost full on /var" });
    expect(noTag.fields).toEqual({ facility: "daemon", facilityCode: 3, severity: "warning", severityCode: 4 });
    const fivefour = stored(client.find((l) => l.includes("rfc5424"))!);
    expect(fivefour).toMatchObject({ host: "db-7", source: "backup", message: "sent with rfc5424" });
    expect(fivefour.fields).toMatchObject({ [SYSLOG_FIELD.app]: "backup", facility: "local3", severity: "info" });
  });

  it("matches a Sigma rule for product linux, service sshd on an sshd line and records a detection", async () => {
    const yaml = [
      "title: SSH failed password",
      "id: 3f1e2d4c-5b6a-4789-9abc-def012345678",
      "status: test",
      "logsource:",
      "  product: linux",
      "  service: sshd",
      "detection:",
      "  keywords:",
      "    - 'Failed password'",
      "  condition: keywords",
      "level: medium",
    ].join("\n");
    const created = await fetch(`${server.url}/api/detection/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ yaml }),
    });
    expect(created.status).toBe(201);
    const rule = (await created.json()) as { id: string };
    const [line] = await capture(1, (port) =>
      logger(port, [
        "--rfc5424",
        "-t",
        "sshd",
        "-p",
        "authpriv.info",
        "Failed password for invalid user admin from 198.51.100.7",
      ]),
    );
    await ingest([line!]);
    // Detection runs after the batch is stored: poll until it shows, with a generous deadline.
    const deadline = Date.now() + 20_000;
    let detections: unknown[] = [];
    while (Date.now() < deadline) {
      const res = await fetch(`${server.url}/api/detections?ruleId=${rule.id}`, { headers: { Cookie: cookie } });
      detections = ((await res.json()) as { detections: unknown[] }).detections;
      if (detections.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(detections.length).toBe(1);
  });
});
