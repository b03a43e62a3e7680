import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { loader as activeAlerts } from "~/routes/api.alerts.active";
import { action as rulesAction, loader as rulesLoader } from "~/routes/api.detection.rules";
import { action as ruleAction } from "~/routes/api.detection.rules.$id";
import { loader as detectionsLoader } from "~/routes/api.detections";
import { action as huntAction } from "~/routes/api.threat-hunting.sigma";
import { storeEvents } from "~/modules/events";
import { fromJsonValue } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { securityLogon, sysmonFileCreate, sysmonProcess, sysmonRegistrySet } from "./sigma/fixtures/windows-events";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

const WHOAMI = `title: Whoami Execution
id: 929a690e-bef0-4204-a928-ef5e620d6fcc
status: experimental
author: Florian Roth (Nextron Systems)
license: DRL-1.1
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    Image|endswith: '\\whoami.exe'
  condition: selection
level: high
tags:
  - attack.discovery
  - attack.t1033
`;

const RUNKEY = `title: Run Key To Public Folder
status: test
logsource:
  category: registry_set
  product: windows
detection:
  selection:
    TargetObject|contains: '\\CurrentVersion\\Run'
    Details|contains: '\\Users\\Public\\'
  condition: selection
level: medium
`;

async function businessUser() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return u;
}

async function addRule(cookie: string, yaml: string) {
  return settle(() =>
    rulesAction({ request: jsonReq("/api/detection/rules", { yaml }, { cookie }), params: {}, context: {} }),
  );
}

async function ingest(tenantId: string, raw: unknown[]) {
  const now = Date.now();
  const events = raw.map((r) => {
    const e = fromJsonValue(r, JSON.stringify(r), now);
    if (typeof e === "string") throw new Error(e);
    return e;
  });
  return storeEvents(tenantId, events);
}

describe("detection rules API", () => {
  it("creates, lists, disables and deletes rules with the pinned shapes", async () => {
    const { cookie } = await businessUser();
    const res = await addRule(cookie, WHOAMI);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      title: "Whoami Execution",
      level: "high",
      status: "experimental",
      logsource: { category: "process_creation", product: "windows" },
      enabled: true,
    });
    const list = await (
      await settle(() => rulesLoader({ request: req("/api/detection/rules", { cookie }), params: {}, context: {} }))
    ).json();
    expect(list.rules).toHaveLength(1);
    expect(list.rules[0]).toMatchObject({ id: body.id, author: "Florian Roth (Nextron Systems)", enabled: true });

    const patch = await settle(() =>
      ruleAction({
        request: jsonReq(`/api/detection/rules/${body.id}`, { enabled: false }, { cookie, method: "PATCH" }),
        params: { id: body.id },
        context: {},
      }),
    );
    expect(patch.status).toBe(200);
    expect((await patch.json()).enabled).toBe(false);
    const bad = await settle(() =>
      ruleAction({
        request: jsonReq(`/api/detection/rules/${body.id}`, { enabled: "no" }, { cookie, method: "PATCH" }),
        params: { id: body.id },
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
    const del = await settle(() =>
      ruleAction({
        request: req(`/api/detection/rules/${body.id}`, { cookie, method: "DELETE" }),
        params: { id: body.id },
        context: {},
      }),
    );
    expect(del.status).toBe(204);
    const again = await settle(() =>
      ruleAction({
        request: req(`/api/detection/rules/${body.id}`, { cookie, method: "DELETE" }),
        params: { id: body.id },
        context: {},
      }),
    );
    expect(again.status).toBe(404);
  });

  it("refuses a malformed rule with 400 VALIDATION_ERROR naming the line", async () => {
    const { cookie } = await businessUser();
    const res = await addRule(cookie, WHOAMI.replace("Image|endswith", "Image|endswithh"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: "line 11: selection 'selection': field 'Image|endswithh': unknown modifier 'endswithh'",
    });
    const noYaml = await settle(() =>
      rulesAction({ request: jsonReq("/api/detection/rules", {}, { cookie }), params: {}, context: {} }),
    );
    expect(noYaml.status).toBe(400);
  });

  it("needs a plan with threat hunting and a role that may change rules", async () => {
    const free = await signedInUser();
    expect((await addRule(free.cookie, WHOAMI)).status).toBe(403);
    const anon = await settle(() =>
      rulesAction({ request: jsonReq("/api/detection/rules", { yaml: WHOAMI }), params: {}, context: {} }),
    );
    expect(anon.status).toBe(401);
  });
});

describe("streaming detection and retro-hunts", () => {
  it("stores detections for enabled rules, raises one alert per rule and host, and a retro-hunt agrees", async () => {
    const { cookie, tenantId } = await businessUser();
    const whoami = await (await addRule(cookie, WHOAMI)).json();
    const runkey = await (await addRule(cookie, RUNKEY)).json();
    const events = [
      sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami /priv"),
      sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami /groups"),
      sysmonProcess("C:\\Windows\\System32\\hostname.exe", "hostname"),
      sysmonRegistrySet(
        "HKU\\S-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\x",
        "C:\\Users\\Public\\x.exe",
        "C:\\x.exe",
      ),
      sysmonFileCreate("C:\\Users\\Public\\whoami.exe", "C:\\x.exe"),
      securityLogon(4625, "bob", "203.0.113.5", 3),
    ];
    const ids = await ingest(tenantId, events);
    const det = await (
      await settle(() =>
        detectionsLoader({ request: req("/api/detections?limit=10", { cookie }), params: {}, context: {} }),
      )
    ).json();
    expect(det.detections).toHaveLength(3);
    expect(det.detections[0]).toEqual({
      id: expect.any(String),
      ruleId: expect.any(String),
      ruleTitle: expect.any(String),
      level: expect.any(String),
      eventId: expect.any(String),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      host: "WKS-042.corp.example.com",
      tags: expect.any(Array),
    });
    const byRule = (id: string) =>
      det.detections
        .filter((d: { ruleId: string }) => d.ruleId === id)
        .map((d: { eventId: string }) => d.eventId)
        .sort();
    expect(byRule(whoami.id)).toEqual([ids[0], ids[1]].sort());
    expect(byRule(runkey.id)).toEqual([ids[3]]);
    const filtered = await (
      await settle(() =>
        detectionsLoader({ request: req(`/api/detections?ruleId=${runkey.id}`, { cookie }), params: {}, context: {} }),
      )
    ).json();
    expect(filtered.detections.map((d: { eventId: string }) => d.eventId)).toEqual([ids[3]]);
    const badLimit = await settle(() =>
      detectionsLoader({ request: req("/api/detections?limit=5000", { cookie }), params: {}, context: {} }),
    );
    expect(badLimit.status).toBe(400);

    // high: one alert for two matches on the same host; medium: none
    const alerts = await (
      await settle(() => activeAlerts({ request: req("/api/alerts/active", { cookie }), params: {}, context: {} }))
    ).json();
    const mine = alerts.alerts.filter((a: { source: string }) => a.source === "detection");
    expect(mine).toHaveLength(1);
    // the second match in the window is counted on the alert ("seen 2 times" on /alerts), not alerted again
    expect(mine[0]).toMatchObject({
      severity: "high",
      title: "Whoami Execution on WKS-042.corp.example.com",
      occurrences: 2,
    });

    // the retro-hunt finds exactly what streaming found, for each rule
    for (const [yaml, rule] of [
      [WHOAMI, whoami],
      [RUNKEY, runkey],
    ]) {
      const res = await settle(() =>
        huntAction({ request: jsonReq("/api/threat-hunting/sigma", { yaml }, { cookie }), params: {}, context: {} }),
      );
      expect(res.status).toBe(200);
      const hunt = await res.json();
      expect(hunt.scanned).toBe(6);
      expect(hunt.matches.map((m: { eventId: string }) => m.eventId).sort()).toEqual(byRule(rule.id));
      expect(hunt.matches[0].time).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    // a time range that leaves the events out
    const empty = await (
      await settle(() =>
        huntAction({
          request: jsonReq(
            "/api/threat-hunting/sigma",
            { yaml: WHOAMI, from: "2000-01-01T00:00:00Z", to: "2000-01-02T00:00:00Z" },
            { cookie },
          ),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(empty).toMatchObject({ matches: [], scanned: 0 });
    const bad = await settle(() =>
      huntAction({
        request: jsonReq("/api/threat-hunting/sigma", { yaml: "title: x\n" }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
  });

  it("disabled rules do not run, and another tenant's events are never seen", async () => {
    const a = await businessUser();
    const b = await businessUser();
    const rule = await (await addRule(a.cookie, WHOAMI)).json();
    await settle(() =>
      ruleAction({
        request: jsonReq(`/api/detection/rules/${rule.id}`, { enabled: false }, { cookie: a.cookie, method: "PATCH" }),
        params: { id: rule.id },
        context: {},
      }),
    );
    await ingest(a.tenantId, [sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami")]);
    await ingest(b.tenantId, [
      sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami"),
      sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami"),
    ]);
    const det = await (
      await settle(() =>
        detectionsLoader({ request: req("/api/detections", { cookie: a.cookie }), params: {}, context: {} }),
      )
    ).json();
    expect(det.detections).toEqual([]);
    const hunt = await (
      await settle(() =>
        huntAction({
          request: jsonReq("/api/threat-hunting/sigma", { yaml: WHOAMI }, { cookie: a.cookie }),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(hunt.scanned).toBe(1);
    expect(hunt.matches).toHaveLength(1);
  });
});
