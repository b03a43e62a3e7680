// The HTTP surface of issue 14 through the route modules, on this file's real SQLite database:
// token creation and scopes, revocation, tenant binding, ingestion per format (with gzip), the HEC endpoint
// with the bytes Vector sends, the quota answer, anomalies in /api/anomalies and /api/alerts/active.
import { gzipSync } from "node:zlib";
import { beforeAll, afterAll, afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { listAuditForTenant } from "~/modules/audit";
import { setTenantPlan } from "~/modules/tenants";
import * as tokensRoute from "~/routes/api.tokens";
import * as tokenRoute from "~/routes/api.tokens.$id";
import * as eventsRoute from "~/routes/api.events";
import * as hecRoute from "~/routes/services.collector.event";
import * as anomaliesRoute from "~/routes/api.anomalies";
import * as anomalyRoute from "~/routes/api.anomalies.$id";
import * as alertsRoute from "~/routes/api.alerts.active";
import * as dashboardRoute from "~/routes/api.dashboard";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { setEventsClock } from "./store.server";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

type Args = Parameters<typeof eventsRoute.action>[0];
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as unknown as Args;

afterEach(() => {
  setEventsClock();
  delete process.env.RAMPART_EVENTS_DAILY_QUOTA;
  resetEnvForTests();
  resetRateLimits();
});

async function businessTenant() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return u;
}

async function newToken(cookie: string, scopes: string[], name = "shipper") {
  const res = await settle(() => tokensRoute.action(args(jsonReq("/api/tokens", { name, scopes }, { cookie }))));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; name: string; scopes: string[]; token: string; createdAt: string };
}

const bearer = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
});

const post = (path: string, token: string, body: BodyInit, type: string, extra: Record<string, string> = {}) =>
  req(path, bearer(token, { method: "POST", body, headers: { "Content-Type": type, ...extra } }));

describe("API tokens", () => {
  it("creates a prefixed high-entropy token shown once, lists without the secret, and audits", async () => {
    const { cookie, tenantId } = await businessTenant();
    const t = await newToken(cookie, ["events:write", "read"]);
    expect(t.token).toMatch(/^rmp_[A-Za-z0-9_-]{43}$/);
    expect(t.scopes).toEqual(["events:write", "read"]);
    const list = await (await settle(() => tokensRoute.loader(args(req("/api/tokens", { cookie }))))).json();
    expect(list).toEqual([
      { id: t.id, name: "shipper", scopes: ["events:write", "read"], createdAt: t.createdAt, lastUsedAt: null },
    ]);
    expect(JSON.stringify(list)).not.toContain(t.token.slice(4));
    expect(listAuditForTenant(tenantId).map((a) => a.action)).toContain("api_token.created");
  });

  it("validates input and needs API access and an owner or admin", async () => {
    const { cookie, tenantId } = await businessTenant();
    const bad = await settle(() =>
      tokensRoute.action(args(jsonReq("/api/tokens", { name: "x", scopes: ["admin"] }, { cookie }))),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    setTenantPlan(tenantId, "pro");
    const pro = await settle(() =>
      tokensRoute.action(args(jsonReq("/api/tokens", { name: "x", scopes: ["read"] }, { cookie }))),
    );
    expect(pro.status).toBe(403);
  });

  it("acts as its tenant within its scopes: 401 without or with a bad token, 403 for the wrong scope or tenant", async () => {
    const a = await businessTenant();
    const b = await businessTenant();
    const writer = await newToken(a.cookie, ["events:write"]);
    const reader = await newToken(a.cookie, ["read"]);
    const line = '{"message":"hello"}';
    const ok = await settle(() =>
      eventsRoute.action(args(post("/api/events", writer.token, line, "application/x-ndjson"))),
    );
    expect(ok.status).toBe(202);
    const none = await settle(() =>
      eventsRoute.action(
        args(req("/api/events", { method: "POST", body: line, headers: { "Content-Type": "application/x-ndjson" } })),
      ),
    );
    expect(none.status).toBe(401);
    const wrong = await settle(() =>
      eventsRoute.action(args(post("/api/events", "rmp_" + "A".repeat(43), line, "application/x-ndjson"))),
    );
    expect(wrong.status).toBe(401);
    // read may GET but not ingest; events:write may not GET.
    const readIngest = await settle(() =>
      eventsRoute.action(args(post("/api/events", reader.token, line, "application/x-ndjson"))),
    );
    expect(readIngest.status).toBe(403);
    const readList = await settle(() => anomaliesRoute.loader(args(req("/api/anomalies", bearer(reader.token)))));
    expect(readList.status).toBe(200);
    const writerList = await settle(() => anomaliesRoute.loader(args(req("/api/anomalies", bearer(writer.token)))));
    expect(writerList.status).toBe(403);
    // Another tenant named in X-Tenant-Id.
    const foreign = await settle(() =>
      anomaliesRoute.loader(
        args(req("/api/anomalies", bearer(reader.token, { headers: { "X-Tenant-Id": b.tenantId } }))),
      ),
    );
    expect(foreign.status).toBe(403);
    // A token cannot manage tokens.
    const manage = await settle(() => tokensRoute.loader(args(req("/api/tokens", bearer(reader.token)))));
    expect(manage.status).toBe(403);
  });

  it("stops working at once when revoked, and only its own tenant may revoke it", async () => {
    const a = await businessTenant();
    const b = await businessTenant();
    const t = await newToken(a.cookie, ["events:write"]);
    const other = await settle(() =>
      tokenRoute.action(args(req(`/api/tokens/${t.id}`, { method: "DELETE", cookie: b.cookie }), { id: t.id })),
    );
    expect(other.status).toBe(404);
    const del = await settle(() =>
      tokenRoute.action(args(req(`/api/tokens/${t.id}`, { method: "DELETE", cookie: a.cookie }), { id: t.id })),
    );
    expect(del.status).toBe(204);
    const after = await settle(() =>
      eventsRoute.action(args(post("/api/events", t.token, '{"a":1}', "application/x-ndjson"))),
    );
    expect(after.status).toBe(401);
    expect(listAuditForTenant(a.tenantId).map((x) => x.action)).toContain("api_token.revoked");
  });

  it("stops when the plan loses API access", async () => {
    const a = await businessTenant();
    const t = await newToken(a.cookie, ["events:write"]);
    setTenantPlan(a.tenantId, "pro");
    const res = await settle(() =>
      eventsRoute.action(args(post("/api/events", t.token, '{"a":1}', "application/x-ndjson"))),
    );
    expect(res.status).toBe(403);
  });
});

describe("POST /api/events", () => {
  it("answers 202 with ids in input order and 1-based rejected lines, for each format and gzip", async () => {
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write"]);
    const nd = await settle(() =>
      eventsRoute.action(
        args(post("/api/events", token, '{"message":"a"}\nnot json\n{"message":"b"}\n', "application/x-ndjson")),
      ),
    );
    expect(nd.status).toBe(202);
    const body = await nd.json();
    expect(body.accepted).toBe(2);
    expect(body.ids).toHaveLength(2);
    expect(body.rejected).toEqual([{ line: 2, message: "The line is not valid JSON" }]);

    const arr = await settle(() =>
      eventsRoute.action(args(post("/api/events", token, '[{"message":"x"},{"message":"y"}]', "application/json"))),
    );
    expect(await arr.json()).toMatchObject({ accepted: 2, rejected: [] });

    const sys = await settle(() =>
      eventsRoute.action(
        args(
          post(
            "/api/events",
            token,
            "<38>Mar 10 10:00:00 bastion sshd[1]: Accepted password for ada from 192.0.2.1 port 22 ssh2\n",
            "text/plain; charset=utf-8",
          ),
        ),
      ),
    );
    expect(await sys.json()).toMatchObject({ accepted: 1, rejected: [] });

    const gz = gzipSync(Buffer.from('{"message":"zipped"}\n{"message":"zipped too"}\n'));
    const zipped = await settle(() =>
      eventsRoute.action(args(post("/api/events", token, gz, "application/x-ndjson", { "Content-Encoding": "gzip" }))),
    );
    expect(await zipped.json()).toMatchObject({ accepted: 2 });
  });

  it("refuses unknown content types, bad JSON and bombs", async () => {
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write"]);
    const xml = await settle(() => eventsRoute.action(args(post("/api/events", token, "<a/>", "application/xml"))));
    expect(xml.status).toBe(415);
    const bad = await settle(() => eventsRoute.action(args(post("/api/events", token, "{oops", "application/json"))));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    const bomb = gzipSync(Buffer.alloc(11 * 1024 * 1024, 0x20));
    const big = await settle(() =>
      eventsRoute.action(
        args(post("/api/events", token, bomb, "application/x-ndjson", { "Content-Encoding": "gzip" })),
      ),
    );
    expect(big.status).toBe(413);
  });

  it("answers 429 with Retry-After over the daily quota", async () => {
    process.env.RAMPART_EVENTS_DAILY_QUOTA = "2";
    resetEnvForTests();
    setEventsClock(() => Date.UTC(2026, 2, 10, 23, 0));
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write"]);
    await settle(() =>
      eventsRoute.action(args(post("/api/events", token, '{"a":1}\n{"a":2}', "application/x-ndjson"))),
    );
    const over = await settle(() =>
      eventsRoute.action(args(post("/api/events", token, '{"a":3}', "application/x-ndjson"))),
    );
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe("3600");
    expect(await over.json()).toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("Splunk HEC", () => {
  it("takes the bytes Vector's splunk_hec_logs sink sends, with Authorization: Splunk", async () => {
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write", "read"]);
    // Captured shape of Vector 0.4x `splunk_hec_logs` (encoding json, compression gzip): concatenated envelopes.
    const bytes =
      '{"event":{"message":"Failed password for root from 198.51.100.7 port 22 ssh2","appname":"sshd"},"fields":{"env":"prod"},"time":1773140400.123,"host":"bastion","source":"/var/log/auth.log","sourcetype":"syslog","index":"main"}' +
      '{"event":{"message":"session opened for user ada"},"fields":{},"time":1773140401.5,"host":"bastion","sourcetype":"syslog"}';
    const res = await settle(() =>
      hecRoute.action(
        args(
          req("/services/collector/event", {
            method: "POST",
            body: gzipSync(Buffer.from(bytes)),
            headers: {
              Authorization: `Splunk ${token}`,
              "Content-Type": "application/json",
              "Content-Encoding": "gzip",
            },
          }),
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "Success", code: 0 });
  });

  it("answers HEC's codes for a missing token, a bad token and bad data", async () => {
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write"]);
    const hec = (headers: Record<string, string>, body: string) =>
      settle(() => hecRoute.action(args(req("/services/collector/event", { method: "POST", body, headers }))));
    const missing = await hec({}, '{"event":"x"}');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ text: "Token is required", code: 2 });
    const bad = await hec({ Authorization: "Splunk rmp_nope" }, '{"event":"x"}');
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ text: "Invalid token", code: 4 });
    const noEvent = await hec({ Authorization: `Splunk ${token}` }, '{"event":"ok"}{"host":"h"}');
    expect(noEvent.status).toBe(400);
    expect(await noEvent.json()).toEqual({ text: "Event field is required", code: 12, "invalid-event-number": 1 });
    const empty = await hec({ Authorization: `Splunk ${token}` }, "");
    expect(await empty.json()).toEqual({ text: "No data", code: 5 });
  });
});

describe("anomalies over the API", () => {
  it("a burst of failed sign-ins becomes an anomaly, an alert and the dashboard count; acknowledging it sticks", async () => {
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write"]);
    setEventsClock(() => Date.UTC(2026, 2, 10, 12));
    const lines = Array.from(
      { length: 12 },
      (_, i) =>
        `<38>Mar 10 11:0${Math.floor(i / 6)}:${String((i * 7) % 60).padStart(2, "0")} bastion sshd[9]: Failed password for root from 198.51.100.7 port 4${i} ssh2`,
    ).join("\n");
    const res = await settle(() => eventsRoute.action(args(post("/api/events", token, lines, "text/plain"))));
    expect(await res.json()).toMatchObject({ accepted: 12 });
    const list = (await (
      await settle(() => anomaliesRoute.loader(args(req("/api/anomalies", { cookie: a.cookie }))))
    ).json()) as {
      id: string;
      type: string;
      severity: string;
      detectedAt: string;
      user: string | null;
      explanation: string;
      eventIds: string[];
    }[];
    const burst = list.filter((x) => x.type === "failed-signin-burst");
    // One burst from one address against one user is one anomaly, naming the address (issue 31), not two.
    expect(burst.map((x) => x.user)).toEqual(["root"]);
    expect(burst[0]).toMatchObject({ severity: "medium", detectedAt: "2026-03-10T12:00:00.000Z" });
    expect(burst[0]!.explanation).toContain("198.51.100.7");
    expect(burst[0]!.eventIds).toHaveLength(10);
    const alerts = await (
      await settle(() => alertsRoute.loader(args(req("/api/alerts/active", { cookie: a.cookie }))))
    ).json();
    expect(JSON.stringify(alerts)).toContain("Failed sign-in burst: root");
    const dash = await (
      await settle(() => dashboardRoute.loader(args(req("/api/dashboard", { cookie: a.cookie }))))
    ).json();
    expect(JSON.stringify(dash)).toContain('"anomaliesCount":1');

    const one = await (
      await settle(() =>
        anomalyRoute.loader(args(req(`/api/anomalies/${burst[0]!.id}`, { cookie: a.cookie }), { id: burst[0]!.id })),
      )
    ).json();
    expect(one.events).toHaveLength(10);
    expect(one.events[0].host).toBe("bastion");
    const ack = await settle(() =>
      anomalyRoute.action(
        args(
          jsonReq(`/api/anomalies/${burst[0]!.id}`, { status: "acknowledged" }, { cookie: a.cookie, method: "PATCH" }),
          { id: burst[0]!.id },
        ),
      ),
    );
    expect(await ack.json()).toMatchObject({ status: "acknowledged" });
    const dash2 = await (
      await settle(() => dashboardRoute.loader(args(req("/api/dashboard", { cookie: a.cookie }))))
    ).json();
    // Acknowledged, the burst no longer counts as an open anomaly.
    expect(JSON.stringify(dash2)).toContain('"anomaliesCount":0');
  });

  it("filters by type before the limit, so an older anomaly of that type still shows", async () => {
    const a = await businessTenant();
    const { token } = await newToken(a.cookie, ["events:write"]);
    const now = Date.UTC(2026, 2, 10, 12);
    setEventsClock(() => now);
    // A process new on a host past its learning week: one "new-term" anomaly.
    const process = (days: number, image: string) =>
      JSON.stringify({
        time: new Date(now - days * 86_400_000).toISOString(),
        host: "ws-9",
        EventID: 4688,
        Channel: "Security",
        NewProcessName: image,
      });
    const first = await settle(() =>
      eventsRoute.action(
        args(
          post(
            "/api/events",
            token,
            [process(9, "C:\\Windows\\explorer.exe"), process(1, "C:\\Temp\\x.exe")].join("\n"),
            "application/x-ndjson",
          ),
        ),
      ),
    );
    expect(await first.json()).toMatchObject({ accepted: 2 });
    // A minute later, a burst of failed sign-ins from one address against one user: one newer anomaly.
    setEventsClock(() => now + 60_000);
    const burst = Array.from(
      { length: 12 },
      (_, i) =>
        `<38>Mar 10 11:00:${String(i * 3).padStart(2, "0")} bastion sshd[9]: Failed password for root from 198.51.100.7 port 4${i} ssh2`,
    ).join("\n");
    await settle(() => eventsRoute.action(args(post("/api/events", token, burst, "text/plain"))));
    const list = async (query: string) =>
      (await (
        await settle(() => anomaliesRoute.loader(args(req(`/api/anomalies${query}`, { cookie: a.cookie }))))
      ).json()) as { type: string; user: string | null; explanation: string }[];
    expect((await list("")).map((x) => x.type)).toEqual(["failed-signin-burst", "new-term"]);
    const newTerms = await list("?type=new-term&limit=1");
    expect(newTerms).toHaveLength(1);
    expect(newTerms[0]!.explanation).toContain("The process x.exe ran on ws-9 for the first time");
    expect((await list("?type=failed-signin-burst&limit=1")).map((x) => x.type)).toEqual(["failed-signin-burst"]);
    expect(await list("?type=impossible-travel")).toEqual([]);
  });
});
