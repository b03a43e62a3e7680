/**
 * The executive view's cost inputs and savings (issue 31): an owner or admin enters tool costs and an hourly rate;
 * the page shows monthly savings = entered costs of the tools in use + hours saved in the last 30 days × rate.
 */
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sqlite } from "~/lib/db.server";
import { createSession } from "~/modules/accounts/session.server";
import { setTenantPlan } from "~/modules/tenants";
import { createRequest } from "~/modules/privacy/requests.server";
import { activityCounts, modulesInUse } from "./activity.server";
import { loader, action } from "~/routes/_app.executive";
import { loader as analyticsLoader } from "~/routes/api.analytics";
import { loader as usageLoader } from "~/routes/_app.usage";
import { BASE, req, settle, signedInUser } from "../../../tests/unit/helpers";

const DAY = 86_400_000;
const CTX = { clientIp: "198.51.100.31" };

async function load(cookie: string) {
  const res = await settle(() => loader({ request: req("/executive", { cookie }), params: {}, context: {} }));
  expect(res.status).toBe(200);
  return res.json();
}

async function save(cookie: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ intent: "save-costs", ...fields });
  const res = await settle(() =>
    action({ request: req("/executive", { method: "POST", body, cookie }), params: {}, context: CTX }),
  );
  return { status: res.status, body: await res.json() };
}

const storedRow = (tenantId: string) =>
  sqlite()
    .prepare("SELECT currency, hourly_rate, tool_costs FROM executive_cost_inputs WHERE tenant_id = ?")
    .get(tenantId);

function analysed(tenantId: string, n: number, at = Date.now()) {
  const insert = sqlite().prepare(
    "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, size_bytes, created_at) VALUES (?, ?, ?, 'x@example.net', 'low', 5, 'detected', '[]', '{}', 10, ?)",
  );
  for (let i = 0; i < n; i++) insert.run(randomUUID(), tenantId, `Message ${i}`, at);
}

function logEvent(tenantId: string, at = Date.now()) {
  sqlite()
    .prepare(
      "INSERT INTO events (id, tenant_id, received_at, time, message, fields, original) VALUES (?, ?, ?, ?, 'login ok', '{}', '{}')",
    )
    .run(randomUUID(), tenantId, at, at);
}

function privacyRequest(tenantId: string, userId: string) {
  createRequest(
    tenantId,
    {
      type: "access",
      jurisdiction: "gdpr",
      subjectName: "Ada Subject",
      subjectEmail: "ada@example.org",
      channel: "email",
    },
    { userId, label: "owner@example.com" },
  );
}

async function member(tenantId: string, role: "admin" | "member" | "viewer") {
  const other = await signedInUser();
  sqlite()
    .prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, ?)")
    .run(randomUUID(), other.user.id, tenantId, role);
  const cookie = (await createSession(new Request(BASE), other.user.id, { selectedTenantId: tenantId })).split(";")[0];
  return cookie;
}

async function business() {
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
  return owner;
}

describe("executive cost inputs and savings", () => {
  it("a new organization: every activity counted is 0, nothing in use, no hours, savings not estimated", async () => {
    const { tenantId, cookie } = await business();
    expect(Object.values(activityCounts(tenantId, null)).every((n) => n === 0)).toBe(true);
    expect(modulesInUse(tenantId)).toEqual([]);
    const page = await load(cookie);
    expect(page.analytics).toMatchObject({ toolsReplaced: 0, hoursSavedMonthly: 0, costSavings: null });
    expect(page.value.inUse).toEqual([]);
  });

  it("computes savings from entered costs of the tools in use plus hours saved × rate, and says what is left out", async () => {
    const { tenantId, cookie, user } = await business();
    // Three tools in use in the last 30 days: phishing analysis (12 messages, 10 min each = 2 h), SIEM (log events,
    // no minutes), privacy requests (received, no minutes).
    analysed(tenantId, 12);
    logEvent(tenantId);
    privacyRequest(tenantId, user.id);

    const before = await load(cookie);
    expect(before.analytics).toMatchObject({ toolsReplaced: 3, hoursSavedMonthly: 2, costSavings: null });
    expect(before.value.missingCosts).toEqual([
      "Phishing analysis",
      "SIEM and log management",
      "Privacy request management",
    ]);

    const saved = await save(cookie, {
      currency: "usd",
      hourlyRate: "50",
      "cost:phishing": "100",
      "cost:siem": "200",
      "cost:privacy": "",
      // Entered but not in use: left out of the sum.
      "cost:cloud": "999",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.ok).toMatch(/saved/);

    const after = await load(cookie);
    // 100 + 200 + 2 h × 50 = 400.
    expect(after.analytics).toMatchObject({ toolsReplaced: 3, hoursSavedMonthly: 2, costSavings: 400 });
    expect(after.executiveMetrics).toMatchObject({ toolsReplaced: 3, hoursSavedMonthly: 2 });
    expect(after.value).toMatchObject({
      currency: "USD",
      hourlyRate: 50,
      toolSavings: 300,
      timeSavings: 100,
      missingCosts: ["Privacy request management"],
    });
    // The form shows what is stored.
    expect(after.costForm).toMatchObject({
      currency: "USD",
      hourlyRate: "50",
      toolCosts: { phishing: "100", siem: "200", cloud: "999" },
    });
    const audit = sqlite()
      .prepare("SELECT COUNT(*) AS n FROM audit_log WHERE tenant_id = ? AND action = 'executive.costs_updated'")
      .get(tenantId) as { n: number };
    expect(audit.n).toBe(1);

    // /api/analytics (the dashboard's analytics) reports the same figures.
    const api = await settle(() =>
      analyticsLoader({ request: req("/api/analytics", { cookie }), params: {}, context: {} }),
    );
    expect(await api.json()).toMatchObject({ toolsReplaced: 3, hoursSavedMonthly: 2, costSavings: 400 });
    // The usage page's hours saved over the last 30 days is the same function.
    const usage = await (
      await settle(() => usageLoader({ request: req("/usage?window=30", { cookie }), params: {}, context: {} }))
    ).json();
    expect(usage.usage.hoursSaved).toBe(2);
  });

  it("the hourly rate alone is enough for an estimate; activity older than 30 days does not count", async () => {
    const { tenantId, cookie } = await business();
    analysed(tenantId, 30, Date.now() - 40 * DAY);
    analysed(tenantId, 6);
    expect((await save(cookie, { currency: "EUR", hourlyRate: "80.5" })).status).toBe(200);
    const page = await load(cookie);
    // 6 recent messages × 10 min = 1 h; the 30 older ones are outside the window.
    expect(page.analytics).toMatchObject({ toolsReplaced: 1, hoursSavedMonthly: 1, costSavings: 80.5 });
    expect(page.value.currency).toBe("EUR");

    const old = await business();
    analysed(old.tenantId, 30, Date.now() - 31 * DAY);
    await save(old.cookie, { currency: "USD", hourlyRate: "50", "cost:phishing": "100" });
    // Phishing was used, but not in the last 30 days: not in use, no hours, nothing saved this month.
    expect((await load(old.cookie)).analytics).toMatchObject({
      toolsReplaced: 0,
      hoursSavedMonthly: 0,
      costSavings: 0,
    });
  });

  it("a member sees the figures but not the form, and cannot save (403, nothing stored)", async () => {
    const { tenantId } = await business();
    const cookie = await member(tenantId, "member");
    const page = await load(cookie);
    expect(page.costForm).toBeNull();
    expect(page.analytics.costSavings).toBeNull();
    const refused = await save(cookie, { currency: "USD", hourlyRate: "50" });
    expect(refused.status).toBe(403);
    expect(refused.body.errors.form).toMatch(/owner or admin/);
    expect(storedRow(tenantId)).toBeUndefined();

    const admin = await member(tenantId, "admin");
    expect((await save(admin, { currency: "USD", hourlyRate: "50" })).status).toBe(200);
    expect(storedRow(tenantId)).toMatchObject({ hourly_rate: 50 });
  });

  it("invalid input answers field errors, keeps what was typed and stores nothing", async () => {
    const { tenantId, cookie } = await business();
    const typed = {
      currency: "dollars",
      hourlyRate: "-5",
      "cost:phishing": "12,50.999",
      "cost:siem": "300",
      "cost:network": "1e9",
    };
    const res = await save(cookie, typed);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      currency: expect.stringMatching(/ISO 4217/),
      hourlyRate: expect.stringMatching(/number/),
      "cost:phishing": expect.stringMatching(/number/),
      "cost:network": expect.stringMatching(/number/),
    });
    expect(res.body.values).toMatchObject({
      currency: "dollars",
      hourlyRate: "-5",
      toolCosts: { phishing: "12,50.999", siem: "300", network: "1e9" },
    });
    expect(storedRow(tenantId)).toBeUndefined();
    expect((await save(cookie, { currency: "USD", "cost:siem": "99999999" })).body.errors["cost:siem"]).toMatch(
      /at most/,
    );
    expect((await save(cookie, { currency: "XYZ" })).body.errors.currency).toMatch(/ISO 4217/);
    expect(storedRow(tenantId)).toBeUndefined();
    // An unknown intent is refused without storing anything.
    const body = new URLSearchParams({ intent: "other" });
    const other = await settle(() =>
      action({ request: req("/executive", { method: "POST", body, cookie }), params: {}, context: CTX }),
    );
    expect(other.status).toBe(400);
    expect(storedRow(tenantId)).toBeUndefined();
  });
});
