import { afterEach, describe, expect, it } from "vitest";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { action as alertAction } from "~/routes/api.alerts.$id.$action";
import { loader as streamLoader } from "~/routes/api.alerts.stream";
import { action as channelsAction } from "~/routes/api.notification-channels";
import { action as testAction } from "~/routes/api.notification-channels.$id.[test]";
import { alertTimeline, raiseAlert, runAlertingOnce, bellFor } from "./index";

afterEach(() => {
  delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
});

describe("POST /api/alerts/:id/acknowledge | resolve | silence", () => {
  it("moves the alert and records who did it; bad input is a 400, another tenant's alert a 404", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    setTenantPlan(tenantId, "pro"); // alerts come with Pro (securityAlerts)
    const id = raiseAlert({ tenantId, source: "phishing", severity: "high", title: "Lure" })!;
    const call = (action: string, body?: unknown, c = cookie, alertId = id) =>
      settle(() =>
        alertAction({
          request:
            body === undefined
              ? req(`/api/alerts/${alertId}/${action}`, { method: "POST", cookie: c })
              : jsonReq(`/api/alerts/${alertId}/${action}`, body, { cookie: c }),
          params: { id: alertId, action },
          context: {},
        }),
      );
    let res = await call("acknowledge");
    expect(res.status).toBe(200);
    expect((await res.json()).alert).toMatchObject({ id, status: "acknowledged" });
    res = await call("silence", { until: "yesterday" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    res = await call("silence", { until: new Date(Date.now() - 1000).toISOString() });
    expect(res.status).toBe(400);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    res = await call("silence", { until });
    expect((await res.json()).alert).toMatchObject({ status: "silenced", silencedUntil: until });
    res = await call("resolve");
    expect((await res.json()).alert.status).toBe("resolved");
    expect(
      alertTimeline(tenantId, id)
        .filter((e) => e.actor === user.email)
        .map((e) => e.kind),
    ).toEqual(["acknowledged", "silenced", "resolved"]);
    const other = await signedInUser();
    setTenantPlan(other.tenantId, "pro");
    expect((await call("resolve", undefined, other.cookie)).status).toBe(404);
    expect((await call("explode")).status).toBe(404);
    expect((await call("acknowledge", undefined, "")).status).toBe(401);
  });
});

describe("notification channels API", () => {
  it("201 { id, secret } for a webhook, 202 for a test that then arrives in the bell; 400 for bad input; 403 below business", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    const create = (body: unknown) =>
      settle(() =>
        channelsAction({ request: jsonReq("/api/notification-channels", body, { cookie }), params: {}, context: {} }),
      );
    expect((await create({ type: "in_app", name: "Bell" })).status).toBe(403);
    setTenantPlan(tenantId, "business");
    const hook = await create({ type: "webhook", name: "SIEM", url: "https://hooks.example.com/rampart" });
    expect(hook.status).toBe(201);
    const hookBody = await hook.json();
    expect(Object.keys(hookBody).sort()).toEqual(["id", "secret"]);
    expect(hookBody.secret).toMatch(/^whsec_/);
    const bell = await create({ type: "in_app", name: "Bell" });
    expect(bell.status).toBe(201);
    const bellBody = await bell.json();
    expect(bellBody.secret).toBeUndefined();
    for (const bad of [
      { type: "sms", name: "x" },
      { type: "email", name: "x", recipients: ["not-an-address"] },
      { type: "webhook", name: "x", url: "http://127.0.0.1/x" },
      { type: "webhook", name: "x", url: "ftp://example.com" },
    ]) {
      const res = await create(bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
    const test = await settle(() =>
      testAction({
        request: req(`/api/notification-channels/${bellBody.id}/test`, { method: "POST", cookie }),
        params: { id: bellBody.id },
        context: {},
      }),
    );
    expect(test.status).toBe(202);
    await runAlertingOnce();
    expect(bellFor(tenantId, user.id).items[0].title).toBe('Test: Test message for "Bell"');
  });
});

describe("GET /api/alerts/stream", () => {
  it("streams new alerts for the tenant only, resumes from Last-Event-ID, and needs realtimeAlerts", async () => {
    const { tenantId, cookie } = await signedInUser();
    const denied = await settle(() =>
      streamLoader({ request: req("/api/alerts/stream", { cookie }), params: {}, context: {} }),
    );
    expect(denied.status).toBe(403);
    setTenantPlan(tenantId, "pro");
    const controller = new AbortController();
    const res = await settle(() =>
      streamLoader({
        request: req("/api/alerts/stream", { cookie, signal: controller.signal }),
        params: {},
        context: {},
      }),
    );
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("X-Accel-Buffering")).toBe("no");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    const other = await signedInUser();
    raiseAlert({ tenantId: other.tenantId, source: "phishing", severity: "high", title: "Not yours" });
    raiseAlert({ tenantId, source: "phishing", severity: "critical", title: "Live one" });
    await readUntil("Live one");
    expect(text).toMatch(/id: \d+\nevent: alert\ndata: \{"kind":"raised"/);
    expect(text).not.toContain("Not yours");
    const firstId = Number(/id: (\d+)/.exec(text)![1]);
    controller.abort();
    // Missed while disconnected: replayed after Last-Event-ID.
    raiseAlert({ tenantId, source: "phishing", severity: "high", title: "While away" });
    const c2 = new AbortController();
    const again = await settle(() =>
      streamLoader({
        request: req("/api/alerts/stream", {
          cookie,
          signal: c2.signal,
          headers: { "Last-Event-ID": String(firstId) },
        }),
        params: {},
        context: {},
      }),
    );
    const r2 = again.body!.getReader();
    let t2 = "";
    while (!t2.includes("While away")) t2 += decoder.decode((await r2.read()).value);
    expect(t2).not.toContain("Live one");
    c2.abort();
  });
});
