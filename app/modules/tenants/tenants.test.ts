// Organizations: the allowance shared by the API and the sidebar (docs/product.md §9), name rules (docs/product.md §5), trials and effective plan (docs/product.md §4).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { createInvitation, acceptInvitation } from "./members.server";
import {
  createTenant,
  listTenantsForUser,
  organizationAllowanceForUser,
  OrganizationLimitError,
  setTenantPlan,
  tenantEffectivePlan,
} from "./tenants.server";
import { endTrial, getTrial, startTrial, TrialError } from "./trials.server";
import { CreateOrganizationSchema, ORGANIZATION_NAME_HINT, organizationCreatedToast } from "./validation";

// Verified: only a verified address may start a trial (issue 26 §11, trial-verification.test.ts).
const user = async (p = "t") => {
  const made = await createUser(`${p}-${randomUUID().slice(0, 8)}@example.com`, "a long enough passphrase 1");
  markEmailVerified(made.user.id);
  return made;
};

describe("organization allowance (one function for API and sidebar)", () => {
  it("a new user has 'Personal' on free: Organizations: 1/1, limit reached, the Pro message", async () => {
    const { user: u, tenantId } = await user();
    expect(listTenantsForUser(u.id)).toEqual([{ tenantId, tenant: { name: "Personal", plan: "free" }, role: "owner" }]);
    expect(organizationAllowanceForUser(u.id)).toMatchObject({
      label: "Organizations: 1/1",
      reached: true,
      upgradeMessage: "Upgrade to Pro to create up to 3 organizations",
    });
    expect(() => createTenant(u.id, "Second")).toThrow(
      new OrganizationLimitError("Upgrade to Pro to create up to 3 organizations"),
    );
  });

  it("pro allows 3; the fourth is refused with the Enterprise message; new ones start on free", async () => {
    const { user: u, tenantId } = await user();
    setTenantPlan(tenantId, "pro");
    expect(organizationAllowanceForUser(u.id)).toMatchObject({ label: "Organizations: 1/3", reached: false });
    const b = createTenant(u.id, "Beta");
    createTenant(u.id, "Gamma");
    expect(listTenantsForUser(u.id).find((t) => t.tenantId === b.id)?.tenant.plan).toBe("free");
    expect(organizationAllowanceForUser(u.id)).toMatchObject({
      label: "Organizations: 3/3",
      reached: true,
      upgradeMessage: "Upgrade to Enterprise for unlimited organizations",
    });
    expect(() => createTenant(u.id, "Delta")).toThrow("Upgrade to Enterprise for unlimited organizations");
    // The list keeps membership order: the oldest is first.
    expect(listTenantsForUser(u.id).map((t) => t.tenant.name)).toEqual(["Personal", "Beta", "Gamma"]);
  });

  it("business and enterprise: unlimited (∞)", async () => {
    for (const plan of ["business", "enterprise"] as const) {
      const { user: u, tenantId } = await user();
      setTenantPlan(tenantId, plan);
      for (let i = 0; i < 4; i++) createTenant(u.id, `Org ${i}`);
      expect(organizationAllowanceForUser(u.id)).toMatchObject({
        label: "Organizations: 5/∞",
        reached: false,
        upgradeMessage: null,
      });
    }
  });

  it("a trial unlocks features but never raises the organization allowance: only paid plans count (issue 10 §5)", async () => {
    const { user: u, tenantId } = await user();
    startTrial(tenantId, Date.now(), { startedBy: u.id });
    expect(tenantEffectivePlan(tenantId, "free")).toBe("enterprise");
    expect(organizationAllowanceForUser(u.id)).toMatchObject({ label: "Organizations: 1/1", reached: true });
    expect(() => createTenant(u.id, "During trial")).toThrow(OrganizationLimitError);
    // Organizations made while an older release let the trial raise the limit stay, and count.
    createTenant(u.id, "Made under an old trial", { enforceLimit: false });
    endTrial(tenantId);
    expect(tenantEffectivePlan(tenantId, "free")).toBe("free");
    expect(organizationAllowanceForUser(u.id)).toMatchObject({ label: "Organizations: 2/1", reached: true });
    expect(() => createTenant(u.id, "After trial")).toThrow(OrganizationLimitError);
  });

  it("no trial chaining: each person starts one trial in total, whichever organization", async () => {
    const { user: u, tenantId } = await user();
    setTenantPlan(tenantId, "pro"); // room for 3 organizations
    startTrial(tenantId, Date.now(), { startedBy: u.id });
    const second = createTenant(u.id, "Second");
    expect(() => startTrial(second.id, Date.now(), { startedBy: u.id })).toThrow(TrialError);
    expect(getTrial(second.id).status).toBe("none");
    // Nor through an organization they own whose trial an operator started.
    const { user: v, tenantId: t2 } = await user();
    setTenantPlan(t2, "pro");
    startTrial(t2);
    const other = createTenant(v.id, "Other");
    expect(() => startTrial(other.id, Date.now(), { startedBy: v.id })).toThrow(/each person can start one/);
  });

  it("the limit comes from organizations the user owns, not ones joined as a member", async () => {
    const owner = await user("owner");
    setTenantPlan(owner.tenantId, "enterprise");
    const joiner = await user("joiner");
    setTenantPlan(joiner.tenantId, "pro");
    const { token } = createInvitation(owner.tenantId, "member", owner.user.id);
    acceptInvitation(token, joiner.user.id);
    // Member of an enterprise organization, owner of a pro one: the pro limit applies, counting only the one it
    // owns (issue 32: joining is not creating).
    expect(organizationAllowanceForUser(joiner.user.id)).toMatchObject({ label: "Organizations: 1/3", reached: false });
  });

  it("a Free user whose own allowance is used up still accepts an invitation (issue 32)", async () => {
    const owner = await user("owner");
    setTenantPlan(owner.tenantId, "business");
    const joiner = await user("free-joiner");
    expect(organizationAllowanceForUser(joiner.user.id)).toMatchObject({ reached: true });
    const { token } = createInvitation(owner.tenantId, "member", owner.user.id);
    expect(acceptInvitation(token, joiner.user.id)).toEqual({ tenantId: owner.tenantId });
    expect(organizationAllowanceForUser(joiner.user.id)).toMatchObject({ label: "Organizations: 1/1" });
  });
});

describe("trials", () => {
  it("'none' before, 'active' for 14 days, then 'expired'; one per organization", async () => {
    const { tenantId } = await user();
    expect(getTrial(tenantId)).toEqual({ status: "none", endsAt: null, startedAt: null });
    const now = Date.UTC(2026, 0, 1);
    const t = startTrial(tenantId, now);
    expect(t).toMatchObject({ status: "active", endsAt: new Date(now + 14 * 86_400_000).toISOString() });
    expect(getTrial(tenantId, now + 14 * 86_400_000 - 1).status).toBe("active");
    expect(getTrial(tenantId, now + 14 * 86_400_000).status).toBe("expired");
    expect(() => startTrial(tenantId)).toThrow(TrialError);
  });
});

describe("organization name (docs/product.md §5)", () => {
  it.each(["", " ", "   \t  "])("%j: 'Organization name is required'", (name) => {
    const r = CreateOrganizationSchema.safeParse({ name });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Organization name is required");
  });
  it("a missing name: 'Organization name is required'", () => {
    expect(CreateOrganizationSchema.safeParse({}).error?.issues[0].message).toBe("Organization name is required");
  });
  it("is trimmed; one character is accepted (the 2-character minimum is only a hint)", () => {
    expect(CreateOrganizationSchema.parse({ name: "  Acme Ltd  " })).toEqual({ name: "Acme Ltd" });
    expect(CreateOrganizationSchema.parse({ name: "A" })).toEqual({ name: "A" });
    expect(ORGANIZATION_NAME_HINT).toMatch(/2 characters/);
  });
  it("the success toast text", () => {
    expect(organizationCreatedToast("Acme")).toBe('Organization "Acme" created successfully!');
  });
});
