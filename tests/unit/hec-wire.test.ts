/**
 * Issue 28 (event ingestion): Splunk's HTTP Event Collector as Splunk's own client library sees it, through the
 * real built server (body admission, body limits and all): every answer under /services/collector is HEC's
 * `{ text, code }`, authentication failures in Splunk's words, /raw and /ack served, unknown paths JSON.
 */
import { createRequire } from "node:module";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";

const require = createRequire(import.meta.url);
const { Logger: SplunkLogger } = require("splunk-logging") as {
  Logger: new (config: Record<string, unknown>) => SplunkLoggerInstance;
};
type SplunkLoggerInstance = {
  error: (err: Error & { code?: number }, context: unknown) => void;
  send: (
    context: { message: unknown; metadata?: Record<string, unknown> },
    callback: (err: Error | null, resp: { statusCode: number } | null, body: Record<string, unknown> | null) => void,
  ) => void;
};

let server: RunningServer;
let dbFile: string;
let writeToken: string;
let readToken: string;
let cookie: string;

async function createToken(cookie: string, scopes: string[]): Promise<string> {
  const res = await fetch(`${server.url}/api/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ name: `hec ${scopes.join(" ")}`, scopes }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-hec-wire-");
  dbFile = db.file;
  ({ cookie } = await seedAccount(db.file, { plan: "business" }));
  server = await startServer({ dbFile: db.file });
  writeToken = await createToken(cookie, ["events:write"]);
  readToken = await createToken(cookie, ["read"]);
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

/** What splunk-logging reports for one event: its error (Splunk's text and code), the status and the parsed body. */
function sendWithSplunkLogging(token: string, message: unknown, metadata: Record<string, unknown> = {}) {
  const logger = new SplunkLogger({ token, url: `${server.url}/services/collector/event`, maxRetries: 0 });
  let reported: (Error & { code?: number }) | null = null;
  logger.error = (err) => {
    reported = err;
  };
  return new Promise<{ error: (Error & { code?: number }) | null; status?: number; body: unknown }>((resolve) =>
    logger.send({ message, metadata }, (err, resp, body) =>
      resolve({ error: err ?? reported, status: resp?.statusCode, body }),
    ),
  );
}

const storedMessages = () => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare("SELECT message, host, source, fields FROM events ORDER BY seq").all() as {
      message: string;
      host: string | null;
      source: string | null;
      fields: string;
    }[];
  } finally {
    db.close();
  }
};

async function hecFetch(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
}

describe("HEC through the real server with splunk-logging", () => {
  it("stores an event sent with a write token and answers Success", async () => {
    const r = await sendWithSplunkLogging(writeToken, { msg: "hello from splunk-logging" }, { host: "web-1" });
    expect(r.error).toBeNull();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ text: "Success", code: 0 });
    expect(storedMessages().some((e) => e.host === "web-1")).toBe(true);
  });

  it("reports Splunk's 'Invalid token' (403, code 4) for an unknown token and a read-only one", async () => {
    for (const token of ["00000000-0000-0000-0000-000000000000", readToken]) {
      const r = await sendWithSplunkLogging(token, "x");
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ text: "Invalid token", code: 4 });
      expect(r.error?.message).toBe("Invalid token");
      expect(r.error?.code).toBe(4);
    }
  });
});

describe("HEC wire answers through the real server", () => {
  const auth = () => ({ Authorization: `Splunk ${writeToken}` });

  it("answers a missing Authorization 401 code 2 and a malformed one 401 code 3, on every HEC path", async () => {
    for (const path of ["/services/collector", "/services/collector/event", "/services/collector/raw"]) {
      expect(await hecFetch(path, { method: "POST", body: '{"event":"x"}' })).toEqual({
        status: 401,
        body: { text: "Token is required", code: 2 },
      });
      expect(
        await hecFetch(path, { method: "POST", headers: { Authorization: "Basic dXNlcjpwYXNz" }, body: "x" }),
      ).toEqual({ status: 401, body: { text: "Invalid authorization", code: 3 } });
      // An empty token after the scheme is a missing token.
      expect(await hecFetch(path, { method: "POST", headers: { Authorization: "Splunk " }, body: "x" })).toEqual({
        status: 401,
        body: { text: "Token is required", code: 2 },
      });
    }
  });

  it("answers Splunk's data errors with the event number", async () => {
    const post = (body: string) => hecFetch("/services/collector/event", { method: "POST", headers: auth(), body });
    expect(await post("")).toEqual({ status: 400, body: { text: "No data", code: 5 } });
    expect(await post('{"host":"a"}')).toEqual({
      status: 400,
      body: { text: "Event field is required", code: 12, "invalid-event-number": 0 },
    });
    expect(await post('{"event":"ok"}{"event":""}')).toEqual({
      status: 400,
      body: { text: "Event field cannot be blank", code: 13, "invalid-event-number": 1 },
    });
    expect(await post('{"event":"ok"}{"event":')).toEqual({
      status: 400,
      body: { text: "Invalid data format", code: 6, "invalid-event-number": 1 },
    });
  });

  it("keeps list-valued fields as lists, and a search for one item finds the event", async () => {
    const body = JSON.stringify({
      event: "tagged event",
      host: "list-host",
      fields: { tags: ["blue", "green"], n: [1, 2] },
    });
    expect(await hecFetch("/services/collector/event", { method: "POST", headers: auth(), body })).toEqual({
      status: 200,
      body: { text: "Success", code: 0 },
    });
    const e = storedMessages().find((m) => m.host === "list-host")!;
    expect(JSON.parse(e.fields)).toMatchObject({ tags: ["blue", "green"], n: [1, 2] });
    for (const q of ["tags:green", "tags:gr*"]) {
      const page = await fetch(`${server.url}/logs?range=24h&q=${encodeURIComponent(q)}`, {
        headers: { Cookie: cookie },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("tagged event");
    }
  });

  it("answers an oversize body 413 in HEC's shape", async () => {
    const big = JSON.stringify({ event: "x".repeat(11 * 1024 * 1024) });
    const r = await hecFetch("/services/collector/event", { method: "POST", headers: auth(), body: big });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 6 });
    expect(typeof r.body.text).toBe("string");
  });

  it("takes /services/collector/raw with a channel, one event per line, and requires the channel", async () => {
    const channel = "0f3b8f6e-4b4a-4a3f-9d0e-1c2b3a4d5e6f";
    expect(
      await hecFetch("/services/collector/raw?host=raw-host&sourcetype=app:log", {
        method: "POST",
        headers: { ...auth(), "X-Splunk-Request-Channel": channel },
        body: "raw line one\nraw line two\n",
      }),
    ).toEqual({ status: 200, body: { text: "Success", code: 0 } });
    expect(
      await hecFetch(`/services/collector/raw?channel=${channel}&host=raw-host`, {
        method: "POST",
        headers: auth(),
        body: "raw line three",
      }),
    ).toEqual({ status: 200, body: { text: "Success", code: 0 } });
    const raw = storedMessages().filter((e) => e.host === "raw-host");
    expect(raw.map((e) => e.message)).toEqual(["raw line one", "raw line two", "raw line three"]);
    expect(JSON.parse(raw[0]!.fields)).toMatchObject({ sourcetype: "app:log" });
    expect(await hecFetch("/services/collector/raw", { method: "POST", headers: auth(), body: "x" })).toEqual({
      status: 400,
      body: { text: "Data channel is missing", code: 10 },
    });
    expect(
      await hecFetch("/services/collector/raw?channel=not-a-guid", { method: "POST", headers: auth(), body: "x" }),
    ).toEqual({ status: 400, body: { text: "Invalid data channel", code: 11 } });
  });

  it("answers /ack as Splunk does with acknowledgement disabled, and /health", async () => {
    expect(
      await hecFetch("/services/collector/ack", { method: "POST", headers: auth(), body: '{"acks":[0]}' }),
    ).toEqual({ status: 400, body: { text: "ACK is disabled", code: 14 } });
    expect(await hecFetch("/services/collector/health")).toEqual({
      status: 200,
      body: { text: "HEC is healthy", code: 17 },
    });
  });

  it("answers JSON for unknown paths and wrong methods", async () => {
    expect((await hecFetch("/services/collector/nope", { method: "POST", headers: auth(), body: "x" })).status).toBe(
      404,
    );
    expect((await hecFetch("/services/collector/nope/deeper")).body).toMatchObject({ code: 404 });
    expect((await hecFetch("/services/collector/event", { headers: auth() })).status).toBe(405);
    expect((await hecFetch("/services/collector/raw", { headers: auth() })).status).toBe(405);
    expect((await hecFetch("/services/collector/health", { method: "POST", headers: auth(), body: "" })).status).toBe(
      405,
    );
  });
});
