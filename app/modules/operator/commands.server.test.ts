import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createUser } from "~/modules/accounts/accounts.server";
import { getTenant } from "~/modules/tenants";
import { getTrial } from "~/modules/tenants";
import { listAuditForTenant } from "~/modules/audit";
import { addWatchedDomain, listWatchedIdentities } from "~/modules/breach/watchlist.server";
import { isEmailVerified } from "~/modules/accounts";
import { operatorCommands, OperatorError } from "./commands.server";
import { resetPassword, verifyLogin } from "~/modules/accounts";

describe("operator commands", () => {
  it("sets a plan and audits it; refuses unknown plans and tenants", async () => {
    const { tenantId } = await createUser(`o-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests");
    expect(operatorCommands.plan(tenantId, "pro")).toContain("is now on the pro plan");
    expect(getTenant(tenantId)?.plan).toBe("pro");
    expect(listAuditForTenant(tenantId).some((e) => e.action === "tenant.plan_changed")).toBe(true);
    expect(() => operatorCommands.plan(tenantId, "gold")).toThrow(OperatorError);
    expect(() => operatorCommands.plan("nope", "pro")).toThrow(/No organization/);
  });

  it("hands out a single-use password reset link for installs without SMTP", async () => {
    const email = `o-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(email, "a long passphrase for tests");
    const out = operatorCommands.resetLink(email.toUpperCase());
    const token = out.match(/\/reset-password\/([A-Za-z0-9_-]+)$/)?.[1];
    expect(token).toBeTruthy();
    expect(await resetPassword(token!, "the operator gave me this link")).toBe(true);
    expect(await verifyLogin(email, "the operator gave me this link")).not.toBeNull();
    expect(await resetPassword(token!, "and again with the same link")).toBe(false);
    expect(() => operatorCommands.resetLink("nobody@example.com")).toThrow(/No user/);
  });

  it("verify-email marks an address verified (installs without SMTP)", async () => {
    const email = `v-${randomUUID().slice(0, 8)}@example.com`;
    const { user } = await createUser(email, "a long passphrase for tests");
    expect(isEmailVerified(user.id)).toBe(false);
    expect(operatorCommands.verifyEmail(email.toUpperCase())).toBe(`${email} is verified.`);
    expect(isEmailVerified(user.id)).toBe(true);
    expect(() => operatorCommands.verifyEmail("nobody@example.com")).toThrow(/No user/);
  });

  it("starts one trial per organization and ends it", async () => {
    const { tenantId } = await createUser(`o-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests");
    operatorCommands.trial(tenantId, "start");
    expect(getTrial(tenantId).status).toBe("active");
    expect(() => operatorCommands.trial(tenantId, "start")).toThrow(/already used/);
    operatorCommands.trial(tenantId, "end");
    expect(getTrial(tenantId).status).toBe("expired");
  });

  it("lists users without password hashes", async () => {
    await createUser(`o-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests");
    const users = operatorCommands.users();
    expect(users.length).toBeGreaterThan(0);
    expect(Object.keys(users[0]).sort()).toEqual(["createdAt", "email", "id"]);
  });

  it("verifies a watched domain and audits it; refuses a domain the organization does not watch", async () => {
    const { tenantId } = await createUser(`o-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests");
    expect(() => operatorCommands.verifyDomain(tenantId, "example.test")).toThrow(/does not watch/);
    addWatchedDomain(tenantId, "example.test");
    expect(
      listWatchedIdentities(tenantId).find((i) => i.type === "domain" && i.domain === "example.test")?.verified,
    ).toBe(false);
    expect(operatorCommands.verifyDomain(tenantId, "Example.TEST")).toMatch(/Verified example\.test/);
    expect(
      listWatchedIdentities(tenantId).find((i) => i.type === "domain" && i.domain === "example.test")?.verified,
    ).toBe(true);
    expect(listAuditForTenant(tenantId).some((e) => e.action === "darkweb.domain_verified")).toBe(true);
    expect(() => operatorCommands.verifyDomain("nope", "example.test")).toThrow(/No organization/);
  });
});
