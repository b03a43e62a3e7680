import { randomUUID } from "node:crypto";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { memberships } from "@db/schema";
import { db } from "~/lib/db.server";
import { createSession } from "~/modules/accounts/session.server";
import { action as siemAction, loader as siemLoader } from "~/routes/_app.siem-soar";
import { fromJsonValue, storeEvents } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { BASE, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { enabledRuleSet } from "./rules.server";
import { securityShareAccess } from "./sigma/fixtures/windows-events";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

// SigmaHQ rules-placeholder/windows/builtin/security/win_security_remote_registry_management_via_reg.yml (detection)
const REMOTE_REGISTRY = `title: Remote Registry Management Using Reg Utility
id: 68fcba0d-73a5-475e-a915-e8b4c576827e
status: test
author: Teymur Kheirkhabarov, oscd.community
logsource:
    product: windows
    service: security
detection:
    selection:
        EventID: 5145
        RelativeTargetName|contains: '\\winreg'
    filter_main:
        IpAddress|expand: '%Admins_Workstations%'
    condition: selection and not filter_main
level: medium
`;

async function business() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return u;
}

async function post(cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return settle(() =>
    siemAction({ request: req("/siem-soar", { method: "POST", cookie, body: form }), params: {}, context: {} }),
  );
}

async function upload(cookie: string, yaml: string) {
  return (await (await post(cookie, { intent: "upload", yaml })).json()) as {
    result: { added: { title: string }[]; refused: { message: string }[] };
  };
}

async function storeOne(tenantId: string, raw: unknown): Promise<string> {
  const e = fromJsonValue(raw, JSON.stringify(raw), Date.now());
  if (typeof e === "string") throw new Error(e);
  const [id] = await storeEvents(tenantId, [e]);
  return id;
}

async function ruleIdOf(cookie: string, title: string): Promise<string> {
  const page = await (
    await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }))
  ).json();
  return page.rules.find((r: { title: string }) => r.title === title).id;
}

describe("/siem-soar placeholders", () => {
  it("refuses a SigmaHQ |expand rule until its placeholder is defined, then the rule runs with the list", async () => {
    const { cookie, tenantId } = await business();
    const refused = await upload(cookie, REMOTE_REGISTRY);
    expect(refused.result.added).toEqual([]);
    expect(refused.result.refused[0].message).toContain(
      "Placeholder %Admins_Workstations% is not defined: add it under SIEM/SOAR → Placeholders",
    );

    const bad = await post(cookie, { intent: "placeholder-save", name: "bad name", values: "" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ name: expect.any(String), values: expect.any(String) });

    const saved = await post(cookie, {
      intent: "placeholder-save",
      name: "%Admins_Workstations%",
      values: "10.0.0.5\n10.0.0.6\n",
    });
    expect(saved.status).toBe(200);
    expect((await upload(cookie, REMOTE_REGISTRY)).result.added).toEqual([
      { file: "pasted rule.yml", title: "Remote Registry Management Using Reg Utility" },
    ]);
    const set = enabledRuleSet(tenantId);
    expect(set.match(securityShareAccess("10.0.0.9", "\\winreg"))).toHaveLength(1);
    expect(set.match(securityShareAccess("10.0.0.5", "\\winreg"))).toHaveLength(0);

    // a changed list re-resolves the stored rule
    await post(cookie, { intent: "placeholder-save", name: "Admins_Workstations", values: "10.0.0.9" });
    expect(enabledRuleSet(tenantId).match(securityShareAccess("10.0.0.9", "\\winreg"))).toHaveLength(0);
    expect(enabledRuleSet(tenantId).match(securityShareAccess("10.0.0.5", "\\winreg"))).toHaveLength(1);

    // a list a stored rule needs cannot be removed
    const del = await post(cookie, { intent: "placeholder-delete", name: "Admins_Workstations" });
    expect(del.status).toBe(409);
    expect((await del.json()).errors.form).toContain("Remote Registry Management Using Reg Utility");
    const page = await (
      await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }))
    ).json();
    expect(page.detection.placeholders).toEqual([{ name: "Admins_Workstations", values: ["10.0.0.9"] }]);
  });
});

describe("/siem-soar rule test", () => {
  it("explains a stored event: the filter selection excluded it, with the compared values", async () => {
    const { cookie, tenantId } = await business();
    await post(cookie, { intent: "placeholder-save", name: "Admins_Workstations", values: "10.0.0.5" });
    await upload(cookie, REMOTE_REGISTRY);
    const ruleId = await ruleIdOf(cookie, "Remote Registry Management Using Reg Utility");
    const eventId = await storeOne(tenantId, securityShareAccess("10.0.0.5", "\\winreg"));

    const page = await (
      await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }))
    ).json();
    expect(page.detection.recentEvents.map((e: { id: string }) => e.id)).toContain(eventId);

    const res = await post(cookie, { intent: "test-rule", ruleId, eventId, eventJson: "" });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.event.id).toBe(eventId);
    expect(result.explanation.matched).toBe(false);
    expect(result.explanation.conditions).toEqual([{ text: "selection and not filter_main", matched: false }]);
    const filter = result.explanation.selections.find((s: { name: string }) => s.name === "filter_main");
    expect(filter.matched).toBe(true);
    expect(filter.alternatives[0].items[0]).toMatchObject({ field: "IpAddress", actual: "10.0.0.5", matched: true });

    // the same rule on a pasted event from another workstation matches
    const pasted = await post(cookie, {
      intent: "test-rule",
      ruleId,
      eventId: "",
      eventJson: JSON.stringify(securityShareAccess("10.0.0.9", "\\winreg")),
    });
    const p = await pasted.json();
    expect(p.result.event.id).toBeNull();
    expect(p.result.explanation.matched).toBe(true);
  });

  it("answers field errors: another organization's event is not found, bad JSON, nothing given", async () => {
    const other = await business();
    const otherEvent = await storeOne(other.tenantId, securityShareAccess("10.0.0.9", "\\winreg"));
    const { cookie } = await business();
    await post(cookie, { intent: "placeholder-save", name: "Admins_Workstations", values: "10.0.0.5" });
    await upload(cookie, REMOTE_REGISTRY);
    const ruleId = await ruleIdOf(cookie, "Remote Registry Management Using Reg Utility");

    const foreign = await post(cookie, { intent: "test-rule", ruleId, eventId: otherEvent, eventJson: "" });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).errors).toEqual({ eventId: "No event with this id in this organization." });

    const badJson = await post(cookie, { intent: "test-rule", ruleId, eventId: "", eventJson: "{not json" });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).errors.event).toBe("Paste one event as a JSON object.");

    const none = await post(cookie, { intent: "test-rule", ruleId, eventId: "", eventJson: "" });
    expect(none.status).toBe(400);
    expect((await none.json()).errors.eventId).toBeTruthy();

    const otherRule = await post(cookie, { intent: "test-rule", ruleId: randomUUID(), eventId: "x", eventJson: "" });
    expect(otherRule.status).toBe(404);
  });

  it("is for roles that may analyse: a viewer gets 403 and no form; a viewer cannot edit placeholders", async () => {
    const owner = await business();
    const viewer = await signedInUser();
    db.insert(memberships)
      .values({ id: randomUUID(), userId: viewer.user.id, tenantId: owner.tenantId, role: "viewer" })
      .run();
    const setCookie = await createSession(new Request(BASE), viewer.user.id, { selectedTenantId: owner.tenantId });
    const cookie = setCookie.split(";")[0];
    const res = await post(cookie, { intent: "test-rule", ruleId: "x", eventId: "y", eventJson: "" });
    expect(res.status).toBe(403);
    const ph = await post(cookie, { intent: "placeholder-save", name: "A", values: "b" });
    expect(ph.status).toBe(403);
    const page = await (
      await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }))
    ).json();
    expect(page.detection.canTest).toBe(false);
    expect(page.detection.recentEvents).toEqual([]);
  });
});
