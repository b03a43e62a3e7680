/**
 * Sigma correlation rules through the detection API: stored, evaluated as events are ingested (recomputed from the
 * events table, so a restart between batches loses nothing) and in a retro-hunt.
 */
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { loader as activeAlerts } from "~/routes/api.alerts.active";
import { zipSync } from "fflate";
import { action as siemAction } from "~/routes/_app.siem-soar";
import { action as huntPageAction } from "~/routes/_app.threat-hunting";
import { action as rulesAction } from "~/routes/api.detection.rules";
import { loader as detectionsLoader } from "~/routes/api.detections";
import { action as huntAction } from "~/routes/api.threat-hunting.sigma";
import { fromJsonValue, storeEvents } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { invalidateRules } from "./rules.server";
import { securityLogon } from "./sigma/fixtures/windows-events";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

// The specification's example "Failed Logins Followed by Successful Login" (group-by on the Security log's field).
const SPEC_EXAMPLE = `title: Correlation - Multiple Failed Logins Followed by Successful Login
id: b180ead8-d58f-40b2-ae54-c8940995b9b6
status: experimental
author: Florian Roth (Nextron Systems)
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
id: 53ba33fd-3a50-4468-a5ef-c583635cfa92
name: failed_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID:
            - 529
            - 4625
    condition: selection
---
title: Successful login
name: successful_login
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID:
            - 528
            - 4624
    condition: selection
`;

const FAILED_LOGIN = `title: Single failed login
id: 53ba33fd-3a50-4468-a5ef-c583635cfa92
name: failed_login
status: test
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID: 4625
    condition: selection
level: low
`;

const BRUTE_FORCE = `title: Many failed logins for one user
correlation:
    type: event_count
    rules:
        - failed_login
    group-by:
        - TargetUserName
    timespan: 5m
    condition:
        gte: 3
level: medium
`;

async function businessUser() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return u;
}
const addRule = (cookie: string, yaml: string) =>
  settle(() =>
    rulesAction({ request: jsonReq("/api/detection/rules", { yaml }, { cookie }), params: {}, context: {} }),
  );

async function ingest(tenantId: string, raw: unknown[]) {
  const now = Date.now();
  const events = raw.map((r) => {
    const e = fromJsonValue(r, JSON.stringify(r), now);
    if (typeof e === "string") throw new Error(e);
    return e;
  });
  return storeEvents(tenantId, events);
}
const failed = (user: string) => securityLogon(4625, user, "203.0.113.5", 3);
const success = (user: string) => securityLogon(4624, user, "203.0.113.5", 3);

async function detectionsOf(cookie: string, ruleId: string) {
  const res = await settle(() =>
    detectionsLoader({ request: req(`/api/detections?ruleId=${ruleId}`, { cookie }), params: {}, context: {} }),
  );
  return (await res.json()).detections as { eventId: string; ruleTitle: string; level: string }[];
}

describe("correlation rules through the API", () => {
  it("stores the specification's multi-document example and alerts once the success follows 10 failures", async () => {
    const { cookie, tenantId } = await businessUser();
    const res = await addRule(cookie, SPEC_EXAMPLE);
    expect(res.status).toBe(201);
    const rule = await res.json();
    expect(rule).toMatchObject({
      title: "Correlation - Multiple Failed Logins Followed by Successful Login",
      level: "high",
      logsource: {},
      enabled: true,
    });

    // 9 failures, then (after a "restart": the compiled rules are dropped) the 10th and the success in later
    // batches: the windows come back from the stored events
    await ingest(
      tenantId,
      Array.from({ length: 9 }, () => failed("alice")),
    );
    await ingest(tenantId, [success("alice")]);
    expect(await detectionsOf(cookie, rule.id)).toEqual([]);
    invalidateRules(tenantId);
    await ingest(tenantId, [failed("alice"), failed("bob")]);
    expect(await detectionsOf(cookie, rule.id)).toEqual([]);
    const ids = await ingest(tenantId, [success("bob"), success("alice")]);
    const det = await detectionsOf(cookie, rule.id);
    expect(det).toEqual([expect.objectContaining({ eventId: ids[1], level: "high", ruleTitle: rule.title })]);

    const alerts = (
      await (
        await settle(() => activeAlerts({ request: req("/api/alerts/active", { cookie }), params: {}, context: {} }))
      ).json()
    ).alerts.filter((a: { source: string }) => a.source === "detection");
    expect(alerts).toEqual([
      expect.objectContaining({ severity: "high", title: `${rule.title} (TargetUserName=alice)` }),
    ]);
  });

  it("refers to a stored rule by id, counts per user in a retro-hunt, and refuses an unknown reference", async () => {
    const { cookie, tenantId } = await businessUser();
    expect((await addRule(cookie, FAILED_LOGIN)).status).toBe(201);
    const byId = BRUTE_FORCE.replace("- failed_login", "- 53ba33fd-3a50-4468-a5ef-c583635cfa92");
    const created = await addRule(cookie, byId);
    expect(created.status).toBe(201);
    const corr = await created.json();

    const ids = await ingest(tenantId, [failed("carol"), failed("dave"), failed("carol"), failed("carol")]);
    expect((await detectionsOf(cookie, corr.id)).map((d) => d.eventId)).toEqual([ids[3]]);

    const hunt = await settle(() =>
      huntAction({
        request: jsonReq("/api/threat-hunting/sigma", { yaml: BRUTE_FORCE }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(hunt.status).toBe(200);
    expect(await hunt.json()).toEqual({
      matches: [{ eventId: ids[3], time: expect.any(String), group: { TargetUserName: "carol" }, count: 3 }],
      scanned: 4,
      truncated: false,
    });

    const unknown = await addRule(cookie, BRUTE_FORCE.replace("- failed_login", "- nobody_has_this"));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining("refers to 'nobody_has_this'"),
    });
    const tooLong = await addRule(cookie, BRUTE_FORCE.replace("timespan: 5m", "timespan: 25h"));
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toContain("at most 24h");
  });
});

describe("correlation rules on the pages", () => {
  it("/siem-soar takes a pack whose correlation refers to a rule of the same upload; /threat-hunting runs it", async () => {
    const { cookie, tenantId } = await businessUser();
    // the correlation's file comes first in the zip: the upload still adds the rule it refers to before it
    const zip = zipSync({
      "rules/mr_brute_force.yml": new TextEncoder().encode(BRUTE_FORCE),
      "rules/failed_login.yml": new TextEncoder().encode(FAILED_LOGIN),
    });
    const form = new FormData();
    form.set("intent", "upload");
    form.append("files", new File([zip], "pack.zip"));
    const res = await settle(() =>
      siemAction({ request: req("/siem-soar", { method: "POST", cookie, body: form }), params: {}, context: {} }),
    );
    const body = await res.json();
    expect(body.result.refused).toEqual([]);
    expect(body.result.added.map((a: { title: string }) => a.title)).toEqual([
      "Single failed login",
      "Many failed logins for one user",
    ]);

    await ingest(tenantId, [failed("erin"), failed("erin"), failed("erin")]);
    const run = new FormData();
    run.set("intent", "sigma");
    run.set("yaml", BRUTE_FORCE);
    const hunt = await (
      await settle(() =>
        huntPageAction({
          request: req("/threat-hunting", { method: "POST", cookie, body: run }),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(hunt).toMatchObject({ title: "Many failed logins for one user", scanned: 3, total: 1 });
  });
});
