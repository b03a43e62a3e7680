import { describe, expect, it } from "vitest";
import { setTenantPlan, createTenant } from "./tenants.server";
import { startTrial } from "./trials.server";
import { requireTenantContext, getTenantContext } from "./tenant-context.server";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

describe("requireTenantContext", () => {
  it("redirects a signed-out page request to /login with redirectTo, and answers 401 JSON on /api", async () => {
    const page = await settle(() => requireTenantContext(req("/password?x=1")));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fpassword%3Fx%3D1");
    const api = await settle(() => requireTenantContext(req("/api/user/plan")));
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
  });

  it("selects the oldest membership when none is chosen, and honours X-Tenant-Id after a membership check", async () => {
    const { user, tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "pro");
    const second = createTenant(user.id, "Acme (Pro)");
    const ctx = await requireTenantContext(req("/dashboard", { cookie }));
    expect(ctx.tenant.id).toBe(tenantId);
    const viaHeader = await requireTenantContext(req("/api/dashboard", { cookie, tenantId: second.id }));
    expect(viaHeader.tenant.id).toBe(second.id);
    expect(viaHeader.tenant.displayName).toBe("Acme");
  });

  it("answers a foreign tenant and a nonexistent tenant with the same 403", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const foreign = await settle(() =>
      getTenantContext(req("/api/dashboard", { cookie: a.cookie, tenantId: b.tenantId })),
    );
    const missing = await settle(() =>
      getTenantContext(req("/api/dashboard", { cookie: a.cookie, tenantId: "no-such-tenant" })),
    );
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(await foreign.text()).toBe(await missing.text());
  });

  it("throws the upgrade answer for a page without the feature, FORBIDDEN for an API", async () => {
    const { cookie } = await signedInUser();
    const page = await settle(() =>
      requireTenantContext(req("/password", { cookie }), { feature: "passwordAnalyzer" }),
    );
    expect(page.status).toBe(403);
    expect(await page.json()).toMatchObject({
      code: "UPGRADE_REQUIRED",
      message: "This feature requires Pro plan or higher",
      requiredPlan: "pro",
    });
    const api = await settle(() => requireTenantContext(req("/api/x", { cookie }), { feature: "passwordAnalyzer" }));
    expect(await api.json()).toEqual({ message: "Access forbidden", code: "FORBIDDEN" });
  });

  it("raises the effective plan to enterprise during an active trial", async () => {
    const { tenantId, cookie } = await signedInUser();
    startTrial(tenantId);
    const ctx = await requireTenantContext(req("/admin/multi-account", { cookie }), {
      feature: "multiAccountManagement",
    });
    expect(ctx.plan).toBe("free");
    expect(ctx.effectivePlan).toBe("enterprise");
  });

  it("refuses a role outside the allowed ones with 403", async () => {
    const { cookie } = await signedInUser();
    const res = await settle(() => requireTenantContext(req("/admin", { cookie }), { roles: ["admin"] }));
    expect(res.status).toBe(403);
  });
});
