/**
 * Sigma correlation rules through the production server (`node build/server.js`): the specification's "failed logins
 * followed by a successful login" file stored with POST /api/detection/rules, Windows Security events shipped to
 * /api/events as evtx_dump writes them, and the server restarted between the failures and the success: the match
 * still comes, because the windows are recomputed from the stored events, not kept in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";
import { securityLogon } from "../../app/modules/detection/sigma/fixtures/windows-events";

const SPEC_EXAMPLE = `title: Correlation - Multiple Failed Logins Followed by Successful Login
id: b180ead8-d58f-40b2-ae54-c8940995b9b6
correlation:
    type: temporal_ordered
    rules:
        - multiple_failed_login
        - successful_login
    group-by:
        - TargetUserName
    timespan: 10m
level: high
---
title: Multiple failed logons
name: multiple_failed_login
correlation:
    type: event_count
    rules:
        - failed_login
    group-by:
        - TargetUserName
    timespan: 10m
    condition:
        gte: 10
---
title: Single failed login
name: failed_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID: 4625
    condition: selection
---
title: Successful login
name: successful_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID: 4624
    condition: selection
`;

let server: RunningServer;
let dbFile: string;
let cookie: string;
let token: string;

beforeAll(async () => {
  await ensureBuild();
  dbFile = freshDatabase("rampart-correlation-").file;
  ({ cookie } = await seedAccount(dbFile, { plan: "business" }));
  server = await startServer({ dbFile });
  const res = await fetch(`${server.url}/api/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ name: "shipper", scopes: ["events:write"] }),
  });
  expect(res.status).toBe(201);
  ({ token } = (await res.json()) as { token: string });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

async function ship(events: unknown[]) {
  const res = await fetch(`${server.url}/api/events`, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson", Authorization: `Bearer ${token}` },
    body: events.map((e) => JSON.stringify(e)).join("\n"),
  });
  expect(res.status).toBeLessThan(300);
}

async function detections(ruleId: string): Promise<{ eventId: string; level: string }[]> {
  const res = await fetch(`${server.url}/api/detections?ruleId=${ruleId}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { detections: { eventId: string; level: string }[] }).detections;
}

/** Polls until `check` holds (detection runs after the events are stored), within a generous deadline. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("correlation rules on the real server", () => {
  it("alerts on 10 failures then a success of one user, across a restart", async () => {
    const created = await fetch(`${server.url}/api/detection/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ yaml: SPEC_EXAMPLE }),
    });
    expect(created.status).toBe(201);
    const rule = (await created.json()) as { id: string; title: string };

    await ship(Array.from({ length: 10 }, () => securityLogon(4625, "alice", "203.0.113.5", 3)));
    await server.stop("SIGTERM");
    server = await startServer({ dbFile, port: server.port });
    await ship([securityLogon(4624, "bob", "203.0.113.5", 3), securityLogon(4624, "alice", "203.0.113.5", 3)]);

    const found = await eventually(
      () => detections(rule.id),
      (d) => d.length > 0,
    );
    expect(found).toEqual([expect.objectContaining({ level: "high" })]);
    const alerts = (await (await fetch(`${server.url}/api/alerts/active`, { headers: { Cookie: cookie } })).json()) as {
      alerts: { source: string; title: string; severity: string }[];
    };
    expect(alerts.alerts.filter((a) => a.source === "detection")).toEqual([
      expect.objectContaining({ severity: "high", title: `${rule.title} (TargetUserName=alice)` }),
    ]);
  }, 120_000);
});
