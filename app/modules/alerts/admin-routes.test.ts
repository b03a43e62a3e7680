import { describe, expect, it } from "vitest";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { action as rulesAction } from "~/routes/_app.admin.alert-rules";
import { action as channelsAction } from "~/routes/_app.admin.notification-channels";
import { action as policiesAction } from "~/routes/_app.admin.escalation-policies";
import { listChannels, listPolicies, listRules, raiseAlert } from "./index";

const post = (path: string, cookie: string, fields: [string, string][]) =>
  req(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("admin forms (no JavaScript)", () => {
  it("channel, policy and rule forms save, show field errors with 400, and test a rule against the last 50 alerts", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    setTenantPlan(tenantId, "business");
    let res = await settle(() =>
      channelsAction({
        request: post("/admin/notification-channels", cookie, [
          ["intent", "create"],
          ["type", "webhook"],
          ["name", "Hook"],
          ["url", "http://10.0.0.5/x"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.url).toMatch(/private, loopback or link-local/);
    res = await settle(() =>
      channelsAction({
        request: post("/admin/notification-channels", cookie, [
          ["intent", "create"],
          ["type", "email"],
          ["name", "SOC"],
          ["recipients", "soc@example.com, lead@example.com"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    const [channel] = listChannels(tenantId);
    expect(channel.config).toEqual({ recipients: ["soc@example.com", "lead@example.com"] });

    res = await settle(() =>
      policiesAction({
        request: post("/admin/escalation-policies", cookie, [["name", "Empty"]]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.steps).toMatch(/one to ten steps/);
    res = await settle(() =>
      policiesAction({
        request: post("/admin/escalation-policies", cookie, [
          ["name", "Night"],
          ["step0.channels", channel.id],
          ["step0.wait", "10"],
          ["step1.members", user.id],
          ["step1.wait", "5"],
          ["repeatLast", "2"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    expect(listPolicies(tenantId)[0]).toMatchObject({
      name: "Night",
      repeatLast: 2,
      steps: [
        { channelIds: [channel.id], memberIds: [], waitMinutes: 10 },
        { channelIds: [], memberIds: [user.id], waitMinutes: 5 },
      ],
    });

    for (let i = 0; i < 7; i++)
      raiseAlert({ tenantId, source: "phishing", severity: "high", title: `Lure ${i}`, entity: String(i) });
    raiseAlert({ tenantId, source: "breach", severity: "low", title: "Old breach" });
    res = await settle(() =>
      rulesAction({
        request: post("/admin/alert-rules", cookie, [
          ["intent", "test"],
          ["name", "Phish"],
          ["matchSource", "phishing"],
          ["minSeverity", "medium"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect((await res.json()).test).toMatchObject({ matched: 7, of: 8 });
    res = await settle(() =>
      rulesAction({
        request: post("/admin/alert-rules", cookie, [
          ["intent", "create"],
          ["name", "Phish"],
          ["minSeverity", "medium"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.channelIds).toBe("Route the rule to a channel or an escalation policy");
    res = await settle(() =>
      rulesAction({
        request: post("/admin/alert-rules", cookie, [
          ["intent", "create"],
          ["name", "Phish"],
          ["minSeverity", "medium"],
          ["channelIds", channel.id],
          ["channelIds", "not-mine"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    expect(listRules(tenantId)[0].channelIds).toEqual([channel.id]);
    res = await settle(() =>
      rulesAction({
        request: post("/admin/alert-rules", cookie, [
          ["intent", "window"],
          ["startsAt", "2026-01-05T10:00"],
          ["endsAt", "2026-01-05T09:00"],
        ]),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.endsAt).toBe("The end must be after the start");
  });

  it("plans without adminDashboard get the upgrade answer", async () => {
    const { cookie } = await signedInUser();
    const res = await settle(() =>
      rulesAction({ request: post("/admin/alert-rules", cookie, [["intent", "test"]]), params: {}, context: {} }),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("UPGRADE_REQUIRED");
  });
});
