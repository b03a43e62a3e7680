// The /api contract (issue 2 §5, docs/product.md §7-§8): each route's loader or action called with a real Request against the real temp DB,
// each answer's JSON checked by a zod schema.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { APP_ROUTES } from "~/lib/app-routes";
import { sqlite } from "~/lib/db.server";
import { lowestPlanWith, upgradeRequiredText } from "~/lib/plans";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { raiseAlert } from "~/modules/alerts/alerts.server";
import { createTenant, setTenantPlan } from "~/modules/tenants/tenants.server";
import { startTrial } from "~/modules/tenants/trials.server";
import * as authUser from "./api.auth.user";
import * as userPlan from "./api.user.plan";
import * as trialStatus from "./api.trial.status";
import * as tenantsRoute from "./api.tenants";
import * as tenantsSelect from "./api.tenants.select";
import * as dashboard from "./api.dashboard";
import * as dashboardData from "./api.dashboard.data";
import * as usageWarnings from "./api.usage.warnings";
import * as alertsActive from "./api.alerts.active";
import * as recommendations from "./api.recommendations";
import * as achievements from "./api.achievements";
import * as analytics from "./api.analytics";
import * as splat from "./api.$";
import * as logout from "./api.logout";
import * as testError from "./[__test].error";

const BASE = "http://localhost";
const CTX = { clientIp: "203.0.113.9" };
const ErrorBody = z.object({ message: z.string(), code: z.string() }).strict();
const Iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && s.endsWith("Z"), "ISO date");
const PlanName = z.enum(["free", "pro", "business", "enterprise"]);

async function signedIn(plan?: "free" | "pro" | "business" | "enterprise") {
  const email = `api-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, "a long enough passphrase 1");
  if (plan) setTenantPlan(tenantId, plan);
  const setCookie = await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenantId });
  return { userId: user.id, email, tenantId, cookie: setCookie.split(";")[0] };
}

type Handler = (args: never) => unknown;
/** Calls a loader or action; a thrown Response is the answer too (our handlers throw them). */
async function call(handler: Handler, url: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(`${BASE}${url}`, { ...init, headers });
  try {
    const out = await handler({ request, context: CTX, params: {} } as never);
    if (!(out instanceof Response)) throw new Error(`expected a Response from ${url}, got ${JSON.stringify(out)}`);
    return out;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
async function jsonOf<T extends z.ZodType>(res: Response, schema: T): Promise<z.infer<T>> {
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return schema.parse(await res.json());
}
const postJson = (body: unknown, cookie?: string): RequestInit & { cookie?: string } => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
  cookie,
});

beforeEach(() => resetRateLimits());

describe("GET /api/auth/user", () => {
  it("200 with the user at the top level, never the hash", async () => {
    const a = await signedIn();
    const res = await call(authUser.loader, "/api/auth/user", { cookie: a.cookie });
    expect(res.status).toBe(200);
    const body = await jsonOf(res, z.object({ id: z.string(), email: z.string(), createdAt: Iso }).strict());
    expect(body).toMatchObject({ id: a.userId, email: a.email });
    expect(JSON.stringify(body)).not.toMatch(/hash|scrypt|password/i);
  });
  it("401 'Authentication required' / UNAUTHORIZED when signed out or the cookie is forged", async () => {
    for (const cookie of [undefined, "rampart_session=forged.value"]) {
      const res = await call(authUser.loader, "/api/auth/user", { cookie });
      expect(res.status).toBe(401);
      expect(await jsonOf(res, ErrorBody)).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    }
  });
  it("an expired session is signed out", async () => {
    const a = await signedIn();
    sqlite()
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .run(Date.now() - 1000, a.userId);
    expect((await call(authUser.loader, "/api/auth/user", { cookie: a.cookie })).status).toBe(401);
  });
});

describe("GET /api/user/plan", () => {
  const Schema = z
    .object({
      plan: PlanName,
      effectivePlan: PlanName,
      trial: z.object({ status: z.enum(["active", "expired"]), endsAt: Iso }).nullable(),
    })
    .strict();
  it("the selected tenant's plan, never cached", async () => {
    const a = await signedIn("pro");
    const res = await call(userPlan.loader, "/api/user/plan", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(await jsonOf(res, Schema)).toEqual({ plan: "pro", effectivePlan: "pro", trial: null });
  });
  it("an active trial on free: effective plan enterprise", async () => {
    const a = await signedIn();
    startTrial(a.tenantId);
    const body = await jsonOf(await call(userPlan.loader, "/api/user/plan", { cookie: a.cookie }), Schema);
    expect(body).toMatchObject({ plan: "free", effectivePlan: "enterprise", trial: { status: "active" } });
  });
  it("401 signed out", async () => {
    const res = await call(userPlan.loader, "/api/user/plan");
    expect(res.status).toBe(401);
    expect(await jsonOf(res, ErrorBody)).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
  });
});

describe("GET /api/trial/status", () => {
  const Schema = z
    .object({
      status: z.enum(["none", "active", "expired"]),
      endsAt: Iso.nullable(),
      daysLeft: z.number().int().nonnegative().nullable(),
    })
    .strict();
  it("{ status: 'none', endsAt: null, daysLeft: null } before, then active with its end", async () => {
    const a = await signedIn();
    expect(await jsonOf(await call(trialStatus.loader, "/api/trial/status", { cookie: a.cookie }), Schema)).toEqual({
      status: "none",
      endsAt: null,
      daysLeft: null,
    });
    const started = startTrial(a.tenantId);
    expect(await jsonOf(await call(trialStatus.loader, "/api/trial/status", { cookie: a.cookie }), Schema)).toEqual({
      status: "active",
      endsAt: started.endsAt,
      daysLeft: 14,
    });
  });
});

describe("/api/tenants", () => {
  const List = z.array(
    z.object({ tenantId: z.string(), tenant: z.object({ name: z.string(), plan: PlanName }).strict() }).strict(),
  );
  const Created = z.object({ id: z.string(), name: z.string() }).strict();

  it("GET lists the user's tenants, oldest first", async () => {
    const a = await signedIn("pro");
    createTenant(a.userId, "Acme (Pro)");
    const body = await jsonOf(await call(tenantsRoute.loader, "/api/tenants", { cookie: a.cookie }), List);
    expect(body).toEqual([
      { tenantId: a.tenantId, tenant: { name: "Personal", plan: "pro" } },
      { tenantId: expect.any(String), tenant: { name: "Acme (Pro)", plan: "free" } },
    ]);
  });

  it("POST: 201 { id, name } with the trimmed name, and the new tenant is selected", async () => {
    const a = await signedIn("pro");
    const res = await call(tenantsRoute.action, "/api/tenants", postJson({ name: "  Acme Ltd  " }, a.cookie));
    expect(res.status).toBe(201);
    const created = await jsonOf(res, Created);
    expect(created.name).toBe("Acme Ltd");
    const plan = await jsonOf(
      await call(dashboard.loader, "/api/dashboard", { cookie: a.cookie }),
      z.object({ tenant: z.object({ id: z.string(), name: z.string() }) }).loose(),
    );
    expect(plan.tenant).toEqual({ id: created.id, name: "Acme Ltd" });
  });

  it.each([{ name: "" }, { name: "   " }, {}, { name: 42 }])(
    "POST %j: 400 'Organization name is required'",
    async (body) => {
      const a = await signedIn("pro");
      const res = await call(tenantsRoute.action, "/api/tenants", postJson(body, a.cookie));
      expect(res.status).toBe(400);
      expect(await jsonOf(res, ErrorBody)).toEqual({
        message: "Organization name is required",
        code: "VALIDATION_ERROR",
      });
    },
  );

  it("POST malformed JSON: 400, not 500", async () => {
    const a = await signedIn("pro");
    const res = await call(tenantsRoute.action, "/api/tenants", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
      cookie: a.cookie,
    });
    expect(res.status).toBe(400);
    expect((await jsonOf(res, ErrorBody)).code).toBe("VALIDATION_ERROR");
  });

  it("POST over the limit: 403 with the plan's upgrade message (free, then pro)", async () => {
    const a = await signedIn();
    let res = await call(tenantsRoute.action, "/api/tenants", postJson({ name: "Second" }, a.cookie));
    expect(res.status).toBe(403);
    expect(await jsonOf(res, ErrorBody)).toEqual({
      message: "Upgrade to Pro to create up to 3 organizations",
      code: "FORBIDDEN",
    });
    setTenantPlan(a.tenantId, "pro");
    for (const name of ["B", "C"])
      expect((await call(tenantsRoute.action, "/api/tenants", postJson({ name }, a.cookie))).status).toBe(201);
    res = await call(tenantsRoute.action, "/api/tenants", postJson({ name: "D" }, a.cookie));
    expect(res.status).toBe(403);
    expect(await jsonOf(res, ErrorBody)).toEqual({
      message: "Upgrade to Enterprise for unlimited organizations",
      code: "FORBIDDEN",
    });
  });

  it("401 signed out (GET and POST)", async () => {
    expect((await call(tenantsRoute.loader, "/api/tenants")).status).toBe(401);
    expect((await call(tenantsRoute.action, "/api/tenants", postJson({ name: "X" }))).status).toBe(401);
  });
});

describe("POST /api/tenants/select", () => {
  const form = (fields: Record<string, string>, cookie: string, referer?: string): RequestInit & { cookie: string } => {
    const body = new URLSearchParams(fields);
    return {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(referer ? { Referer: referer } : {}) },
      cookie,
    };
  };

  it("stores the choice and redirects back to the page it came from", async () => {
    const a = await signedIn("pro");
    const second = createTenant(a.userId, "Second");
    const res = await call(
      tenantsSelect.action,
      "/api/tenants/select",
      form({ tenantId: a.tenantId }, a.cookie, `${BASE}/alerts?x=1`),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/alerts?x=1");
    const res2 = await call(
      tenantsSelect.action,
      "/api/tenants/select",
      form({ tenantId: second.id, redirectTo: "/settings" }, a.cookie),
    );
    expect(res2.headers.get("Location")).toBe("/settings");
    const d = await (await call(dashboard.loader, "/api/dashboard", { cookie: a.cookie })).json();
    expect(d.tenant.id).toBe(second.id);
  });

  it("an off-site referer or redirectTo falls back to the dashboard", async () => {
    const a = await signedIn();
    const res = await call(
      tenantsSelect.action,
      "/api/tenants/select",
      form({ tenantId: a.tenantId, redirectTo: "//evil.example/x" }, a.cookie),
    );
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("403 for a tenant the user is not in, and for one that does not exist", async () => {
    const a = await signedIn();
    const b = await signedIn();
    for (const tenantId of [b.tenantId, randomUUID()]) {
      const res = await call(tenantsSelect.action, "/api/tenants/select", form({ tenantId }, a.cookie));
      expect(res.status).toBe(403);
      expect(await jsonOf(res, ErrorBody)).toEqual({ message: "Access forbidden", code: "FORBIDDEN" });
    }
  });
});

describe("the dashboard's calls (open to every plan, tenant-scoped)", () => {
  const Metrics = z
    .object({
      securityScore: z.number().min(0).max(100).nullable(),
      activeThreats: z.number().int(),
      resolvedIssues: z.number().int(),
      darkWebHits: z.number().int(),
      phishingDetected: z.number().int(),
      anomaliesCount: z.number().int(),
    })
    .strict();
  const Alert = z
    .object({
      id: z.string(),
      source: z.string(),
      severity: z.enum(["low", "medium", "high", "critical"]),
      title: z.string(),
      detail: z.string().nullable(),
      status: z.enum(["active", "acknowledged", "resolved"]),
      createdAt: Iso,
    })
    .strict();
  const Level = z.enum(["critical", "high", "medium", "low"]);
  const routes = {
    "/api/dashboard": [
      dashboard.loader,
      z
        .object({
          tenant: z.object({ id: z.string(), name: z.string() }).strict(),
          plan: PlanName,
          effectivePlan: PlanName,
          metrics: Metrics,
        })
        .strict(),
    ],
    "/api/dashboard/data": [
      dashboardData.loader,
      z
        .object({
          metrics: Metrics,
          findingsBySeverity: z.record(Level, z.number().int()),
          riskTrend: z
            .array(
              z
                .object({
                  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
                  label: z.string().regex(/^\d{2}-\d{2}$/),
                  score: z.number().min(0).max(100),
                })
                .strict(),
            )
            .max(14),
          recentAlerts: z.array(Alert).max(5),
        })
        .strict(),
    ],
    "/api/usage/warnings": [
      usageWarnings.loader,
      z
        .object({
          warnings: z.array(
            z.object({ id: z.string(), level: z.enum(["info", "warning"]), message: z.string() }).strict(),
          ),
        })
        .strict(),
    ],
    "/api/alerts/active": [alertsActive.loader, z.object({ alerts: z.array(Alert) }).strict()],
    "/api/recommendations": [
      recommendations.loader,
      z
        .object({
          recommendations: z.array(
            z
              .object({
                id: z.string(),
                priority: z.enum(["high", "medium", "low"]),
                title: z.string(),
                action: z.string(),
                href: z.string().startsWith("/"),
                points: z.number().min(0),
                why: z.string(),
              })
              .strict(),
          ),
        })
        .strict(),
    ],
    "/api/achievements": [
      achievements.loader,
      z
        .object({
          achievements: z.array(
            z
              .object({
                id: z.string(),
                title: z.string(),
                achieved: z.boolean(),
                progress: z.number().int(),
                goal: z.number().int().positive(),
              })
              .strict(),
          ),
        })
        .strict(),
    ],
    "/api/analytics": [
      analytics.loader,
      z
        .object({
          toolsReplaced: z.number().int(),
          hoursSavedMonthly: z.number(),
          costSavings: z.number().nullable(),
          securityIncidents: z.number().int(),
          incidentsResolved: z.number().int(),
        })
        .strict(),
    ],
  } as const;

  for (const [path, [loader, schema]] of Object.entries(routes)) {
    it(`${path}: 200 on a free plan, its shape`, async () => {
      const a = await signedIn();
      const res = await call(loader as Handler, path, { cookie: a.cookie });
      expect(res.status).toBe(200);
      await jsonOf(res, schema as z.ZodType);
    });
    it(`${path}: 401 signed out; X-Tenant-Id foreign or nonexistent => the same 403`, async () => {
      expect((await call(loader as Handler, path)).status).toBe(401);
      const a = await signedIn();
      const b = await signedIn();
      const answers = [];
      for (const id of [b.tenantId, randomUUID()]) {
        const res = await call(loader as Handler, path, { cookie: a.cookie, headers: { "X-Tenant-Id": id } });
        answers.push({ status: res.status, body: await res.json() });
      }
      expect(answers[0]).toEqual({ status: 403, body: { message: "Access forbidden", code: "FORBIDDEN" } });
      expect(answers[1]).toEqual(answers[0]);
    });
  }

  it("data is computed from stored rows and scoped by X-Tenant-Id", async () => {
    const a = await signedIn("pro");
    const other = createTenant(a.userId, "Other");
    raiseAlert({
      tenantId: a.tenantId,
      source: "test",
      severity: "high",
      title: "Impossible travel",
      dedupeKey: randomUUID(),
    });
    const mine = await (
      await call(alertsActive.loader, "/api/alerts/active", {
        cookie: a.cookie,
        headers: { "X-Tenant-Id": a.tenantId },
      })
    ).json();
    expect(mine.alerts.map((x: { title: string }) => x.title)).toEqual(["Impossible travel"]);
    const theirs = await (
      await call(alertsActive.loader, "/api/alerts/active", { cookie: a.cookie, headers: { "X-Tenant-Id": other.id } })
    ).json();
    expect(theirs.alerts).toEqual([]);
    const d = await (
      await call(dashboardData.loader, "/api/dashboard/data", {
        cookie: a.cookie,
        headers: { "X-Tenant-Id": a.tenantId },
      })
    ).json();
    // An alert is not a module's finding: no module is assessed yet, so there is no score (issue 31).
    expect(d.metrics).toMatchObject({ activeThreats: 1, securityScore: null });
    expect(d.findingsBySeverity).toEqual({ critical: 0, high: 0, medium: 0, low: 0 });
    expect(d.riskTrend).toEqual([]);
  });

  it("/api/usage/warnings says when the organization limit is reached", async () => {
    const a = await signedIn();
    const body = await (await call(usageWarnings.loader, "/api/usage/warnings", { cookie: a.cookie })).json();
    expect(body.warnings.map((w: { message: string }) => w.message)).toContain(
      "Limit reached. Upgrade to Pro to create up to 3 organizations",
    );
  });
});

describe("other answers", () => {
  it("an unknown /api path: 404 JSON for any method", async () => {
    for (const handler of [splat.loader, splat.action]) {
      const res = await call(handler as Handler, "/api/no-such-thing");
      expect(res.status).toBe(404);
      expect(await jsonOf(res, ErrorBody)).toEqual({ message: "Resource not found", code: "NOT_FOUND" });
    }
  });

  it("a write to a read-only API route: JSON 405", async () => {
    const a = await signedIn();
    const res = await call(dashboard.action as Handler, "/api/dashboard", { method: "POST", cookie: a.cookie });
    expect(res.status).toBe(405);
    await jsonOf(res, ErrorBody);
  });

  it("GET /api/logout ends the session and redirects to /", async () => {
    const a = await signedIn();
    const res = await call(logout.loader, "/api/logout", {
      cookie: a.cookie,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toMatch(/rampart_session=;/);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    expect((await call(authUser.loader, "/api/auth/user", { cookie: a.cookie })).status).toBe(401);
  });

  it("the test-only error route answers 404 when RAMPART_TEST_ROUTES is off", async () => {
    expect(process.env.RAMPART_TEST_ROUTES ?? "0").toBe("0");
    const res = await call(testError.loader as Handler, "/__test/error?key=x");
    expect(res.status).toBe(404);
  });
});

describe("page loaders gate by plan on their own (a child's data request can come alone)", () => {
  const gated = APP_ROUTES.filter((r) => r.feature);
  for (const r of gated) {
    it(`${r.path}: free gets 403 UPGRADE_REQUIRED with no module data; enterprise gets the page data`, async () => {
      const mod = r.shell ? await import(`./_app.${r.path.slice(1)}.tsx`) : await import(`./${r.path.slice(1)}.tsx`);
      const free = await signedIn("free");
      const res = await call(mod.loader, r.path, { cookie: free.cookie });
      expect(res.status).toBe(403);
      // The pinned fields, plus what the upgrade wall shows (issue 32): the module's name and purpose, and whether
      // this person may start the trial or ask for the plan. Nothing of the module's own data.
      const body = await res.json();
      expect(body).toEqual({
        code: "UPGRADE_REQUIRED",
        message: upgradeRequiredText(r.feature!),
        feature: r.feature,
        requiredPlan: lowestPlanWith(r.feature!),
        module: { label: expect.any(String), purpose: expect.any(String) },
        canRequest: expect.any(Boolean),
        trialEligible: expect.any(Boolean),
      });
      const ent = await signedIn("enterprise");
      const out = await mod.loader({
        request: new Request(`${BASE}${r.path}`, { headers: { Cookie: ent.cookie } }),
        context: CTX,
        params: {},
      } as never);
      expect(out instanceof Response ? out.status : 200).toBe(200);
    });
  }
});
