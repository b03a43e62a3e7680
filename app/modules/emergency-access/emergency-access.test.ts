/**
 * The emergency access state machine on a real SQLite file and the real job runner, with the app clock moved by
 * hand (app/lib/clock.server.ts): request → reject → request → grant → expire; revoke; the guards; and a restart
 * between the request and the end of the wait period that still grants.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { setClockForTests } from "~/lib/clock.server";
import * as runner from "~/lib/jobs.server";
import { jobs } from "@db/schema";
import { setTenantPlan, listTenantsForUser } from "~/modules/tenants";
import { changeRole, removeMember } from "~/modules/tenants/members.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { listAuditForTenant } from "~/modules/audit";
import { activeGrantsOfUser } from "./index.server";
import {
  acceptNomination,
  DAY_MS,
  emergencyBanner,
  listContacts,
  listNominations,
  nameContact,
  registerEmergencyAccessJobs,
  rejectRequest,
  requestAccess,
  revokeAccess,
} from "./index";
import { signedInUser } from "../../../tests/unit/helpers";

let t = Date.UTC(2026, 10, 27, 9, 0);
const advance = (ms: number) => (t += ms);

beforeAll(() => {
  setClockForTests(() => t);
  registerEmergencyAccessJobs(runner);
});
afterEach(() => vi.restoreAllMocks());

async function organization() {
  const owner = await signedInUser(`owner-${randomUUID().slice(0, 8)}@example.com`);
  setTenantPlan(owner.tenantId, "business");
  const contact = await signedInUser(`contact-${randomUUID().slice(0, 8)}@example.com`);
  return { owner, contact, tenantId: owner.tenantId };
}

const stateOf = (tenantId: string, ownerId: string) => listContacts(tenantId, ownerId)[0]!;
const timeline = (tenantId: string, ownerId: string) =>
  stateOf(tenantId, ownerId)
    .timeline.map((e) => e.kind)
    .reverse();
const reaches = (userId: string, tenantId: string) => listTenantsForUser(userId).find((x) => x.tenantId === tenantId);

describe("emergency access state machine", () => {
  it("request → reject → request → grant (view, as a viewer) → expire, every step on the timeline and audited", async () => {
    const { owner, contact, tenantId } = await organization();
    const { id } = nameContact(tenantId, owner.user.id, {
      email: contact.user.email,
      level: "view",
      waitDays: 1,
      grantDays: 7,
    });
    acceptNomination(contact.user.id, id);
    requestAccess(contact.user.id, id);
    // The owner is told on every page during the wait period.
    const ownerCtx = { user: owner.user, tenant: { id: tenantId }, tenants: listTenantsForUser(owner.user.id) };
    expect(emergencyBanner(ownerCtx).pending).toEqual([
      expect.objectContaining({ contact: contact.user.email, grantAt: Date.UTC(2026, 10, 28, 9, 0) }),
    ]);

    advance(DAY_MS / 2);
    rejectRequest(tenantId, owner.user.id, id);
    advance(DAY_MS);
    await runner.runDueJobs(100);
    expect(stateOf(tenantId, owner.user.id).state).toBe("accepted");
    expect(reaches(contact.user.id, tenantId)).toBeUndefined();

    requestAccess(contact.user.id, id);
    advance(DAY_MS - 1);
    await runner.runDueJobs(100);
    expect(reaches(contact.user.id, tenantId), "not before the wait period ends").toBeUndefined();
    advance(1);
    await runner.runDueJobs(100);
    expect(reaches(contact.user.id, tenantId)).toMatchObject({
      role: "viewer",
      emergency: { level: "view", grantedBy: owner.user.email, endsAt: t + 7 * DAY_MS },
    });
    const contactCtx = { user: contact.user, tenant: null, tenants: listTenantsForUser(contact.user.id) };
    expect(emergencyBanner(contactCtx).grants[0]).toMatchObject({
      grantedBy: owner.user.email,
      ends: Date.UTC(2026, 11, 6, 21, 0),
    });

    // Access ends on time even before the expiry job runs; then the job writes "expired".
    advance(7 * DAY_MS);
    expect(reaches(contact.user.id, tenantId)).toBeUndefined();
    await runner.runDueJobs(100);
    expect(stateOf(tenantId, owner.user.id).state).toBe("accepted");
    expect(timeline(tenantId, owner.user.id)).toEqual([
      "invited",
      "accepted",
      "requested",
      "rejected",
      "requested",
      "granted",
      "expired",
    ]);
    const audited = listAuditForTenant(tenantId).map((a) => a.action);
    for (const kind of ["invited", "accepted", "requested", "rejected", "granted", "expired"])
      expect(audited).toContain(`emergency_access.${kind}`);
  });

  it("any owner revokes a grant at once; an admin may not", async () => {
    const { owner, contact, tenantId } = await organization();
    const admin = await signedInUser();
    db.run(
      `INSERT INTO memberships (id, user_id, tenant_id, role) VALUES ('${randomUUID()}', '${admin.user.id}', '${tenantId}', 'admin')`,
    );
    const { id } = nameContact(tenantId, admin.user.id, {
      email: contact.user.email,
      level: "view",
      waitDays: 2,
      grantDays: 7,
    });
    acceptNomination(contact.user.id, id);
    requestAccess(contact.user.id, id);
    advance(2 * DAY_MS);
    await runner.runDueJobs(100);
    expect(reaches(contact.user.id, tenantId)?.role).toBe("viewer");
    expect(() => revokeAccess(tenantId, admin.user.id, id)).toThrow(/does not allow/);
    revokeAccess(tenantId, owner.user.id, id);
    expect(reaches(contact.user.id, tenantId)).toBeUndefined();
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `emergency-access:expire:${id}`))
        .get(),
    ).toBeUndefined();
    expect(timeline(tenantId, owner.user.id).slice(-2)).toEqual(["granted", "revoked"]);
  });

  it("guards: no naming yourself, wait period 1–30 days, an unverified contact cannot accept", async () => {
    const { owner, tenantId } = await organization();
    const named = (email: string, waitDays = 1) =>
      nameContact(tenantId, owner.user.id, { email, level: "view", waitDays, grantDays: 7 });
    expect(() => named(owner.user.email.toUpperCase())).toThrow(/cannot name yourself/);
    expect(() => named("someone@example.org", 0)).toThrow(/1 to 30 days/);
    expect(() => named("someone@example.org", 31)).toThrow(/1 to 30 days/);
    const unverified = await signedInUser(undefined, { verified: false });
    const { id } = named(unverified.user.email);
    expect(() => acceptNomination(unverified.user.id, id)).toThrow(/Verify your e-mail/);
    // An address invited before its account existed: the person sees it once signed up and verified.
    const { id: later } = named("later@example.org");
    const { user } = await createUser("later@example.org", `a long passphrase ${randomUUID()}`);
    expect(listNominations(user.id)).toEqual([]);
    db.run(`UPDATE users SET email_verified_at = 1 WHERE id = '${user.id}'`);
    expect(listNominations(user.id).map((n) => n.id)).toEqual([later]);
  });

  it("takeover gives owner rights but cannot remove or demote the last owner", async () => {
    const { owner, contact, tenantId } = await organization();
    const { id } = nameContact(tenantId, owner.user.id, {
      email: contact.user.email,
      level: "takeover",
      waitDays: 1,
      grantDays: 7,
    });
    acceptNomination(contact.user.id, id);
    requestAccess(contact.user.id, id);
    advance(DAY_MS);
    await runner.runDueJobs(100);
    expect(reaches(contact.user.id, tenantId)?.role).toBe("owner");
    expect(() => removeMember(tenantId, contact.user.id, owner.user.id)).toThrow(/at least one owner/);
    expect(() => changeRole(tenantId, contact.user.id, owner.user.id, "admin")).toThrow(/at least one owner/);
    // Owner rights are real: the contact may manage other members.
    const member = await signedInUser();
    db.run(
      `INSERT INTO memberships (id, user_id, tenant_id, role) VALUES ('${randomUUID()}', '${member.user.id}', '${tenantId}', 'member')`,
    );
    changeRole(tenantId, contact.user.id, member.user.id, "viewer");
    // The grant never counts as an organization the contact owns.
    expect(activeGrantsOfUser(contact.user.id)).toHaveLength(1);
  });

  it("a restart between the request and the end of the wait period still grants (the job is in SQLite)", async () => {
    const { owner, contact, tenantId } = await organization();
    const { id } = nameContact(tenantId, owner.user.id, {
      email: contact.user.email,
      level: "view",
      waitDays: 3,
      grantDays: 7,
    });
    acceptNomination(contact.user.id, id);
    requestAccess(contact.user.id, id);
    // A new process: fresh module state (no job handlers, no clock override, a new database connection).
    vi.resetModules();
    const fresh = {
      clock: await import("~/lib/clock.server"),
      jobs: await import("~/lib/jobs.server"),
      ea: await import("./index"),
      tenants: await import("~/modules/tenants"),
    };
    fresh.clock.setClockForTests(() => t);
    fresh.ea.registerEmergencyAccessJobs(fresh.jobs);
    advance(3 * DAY_MS);
    await fresh.jobs.runDueJobs(100);
    expect(fresh.tenants.listTenantsForUser(contact.user.id).find((x) => x.tenantId === tenantId)?.role).toBe("viewer");
  });
});
