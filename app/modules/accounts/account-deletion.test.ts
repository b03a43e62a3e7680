import { beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { auditLog, memberships, phishingItems, tenants } from "@db/schema";
import { sessions, users } from "./schema";
import { db } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "./session.server";
import * as settings from "~/routes/_app.settings";
import * as exportRoute from "~/routes/settings.account-data[.]json";
import { createTenant } from "~/modules/tenants/tenants.server";
import { BASE, req, settle } from "../../../tests/unit/helpers";
import { createUser, verifyLogin } from "./accounts.server";
import { markEmailVerified } from "./email-verification.server";

type Fn = (args: unknown) => unknown;
beforeEach(() => resetRateLimits());

const PASSWORD = "the account owner's passphrase";

async function person() {
  const email = `del-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, PASSWORD);
  markEmailVerified(user.id);
  const cookie = (await createSession(new Request(BASE), user.id, { selectedTenantId: tenantId })).split(";")[0];
  return { user, tenantId, cookie };
}

function addMember(tenantId: string, userId: string, role: "owner" | "admin" | "member" = "member") {
  db.insert(memberships).values({ id: randomUUID(), tenantId, userId, role }).run();
}

function deleteAccount(cookie: string, password: string) {
  return settle(() =>
    (settings.action as Fn)({
      request: new Request(`${BASE}/settings`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ intent: "delete-account", password }).toString(),
      }),
      params: {},
      context: {},
    }),
  );
}

describe("account data export", () => {
  it("downloads profile, memberships, the person's audit entries and analyses as JSON", async () => {
    const me = await person();
    db.insert(phishingItems)
      .values({
        id: randomUUID(),
        tenantId: me.tenantId,
        subject: "Your invoice",
        sender: "billing@example.net",
        risk: "high",
        score: 88,
        rationale: ["Urgent payment request"],
        analysis: {},
        createdBy: me.user.id,
      })
      .run();
    const res = await settle(() =>
      (exportRoute.loader as Fn)({ request: req("/settings/account-data.json", { cookie: me.cookie }), params: {} }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="rampart-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json();
    expect(body.profile).toMatchObject({ id: me.user.id, email: me.user.email });
    expect(body.profile.emailVerifiedAt).toMatch(/^\d{4}-/);
    expect(body.memberships).toEqual([
      expect.objectContaining({ tenantId: me.tenantId, organization: "Personal", role: "owner" }),
    ]);
    expect(body.auditEntries.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(["auth.signup", "tenant.created"]),
    );
    expect(body.analyses.phishing).toEqual([
      expect.objectContaining({ subject: "Your invoice", risk: "high", score: 88 }),
    ]);
    expect(JSON.stringify(body)).not.toMatch(/password_?hash|scrypt/i);

    const signedOut = await settle(() =>
      (exportRoute.loader as Fn)({ request: req("/settings/account-data.json"), params: {} }),
    );
    expect(signedOut.status).toBe(302);
  });
});

describe("account deletion", () => {
  it("asks for the password, then deletes the account, its sole-member organizations and every session", async () => {
    const me = await person();
    const other = await person();
    // An organization shared with another owner stays (only the membership goes).
    const shared = createTenant(other.user.id, "Shared", { enforceLimit: false });
    addMember(shared.id, me.user.id, "owner");
    await createSession(new Request(BASE), me.user.id, { selectedTenantId: me.tenantId });
    expect(db.select().from(sessions).where(eq(sessions.userId, me.user.id)).all()).toHaveLength(2);

    const wrong = await deleteAccount(me.cookie, "not my password");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.password).toBe("The password is not correct.");
    const empty = await deleteAccount(me.cookie, "");
    expect(empty.status).toBe(400);

    const done = await deleteAccount(me.cookie, PASSWORD);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?deleted=1");
    expect(done.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(db.select().from(users).where(eq(users.id, me.user.id)).get()).toBeUndefined();
    expect(db.select().from(sessions).where(eq(sessions.userId, me.user.id)).all()).toEqual([]);
    expect(db.select().from(tenants).where(eq(tenants.id, me.tenantId)).get()).toBeUndefined();
    expect(db.select().from(tenants).where(eq(tenants.id, shared.id)).get()).toBeDefined();
    expect(await verifyLogin(me.user.email, PASSWORD)).toBeNull();
    const trail = db.select().from(auditLog).where(eq(auditLog.action, "auth.account_deleted")).all();
    expect(trail.at(-1)!.detail).toMatchObject({ userId: me.user.id, organizationsDeleted: 1 });
    // The old session cookie no longer signs anyone in.
    const after = await settle(() =>
      (settings.loader as Fn)({ request: req("/settings", { cookie: me.cookie }), params: {} }),
    );
    expect(after.status).toBe(302);
  });

  it("is refused while the person is the only owner of an organization with other members, saying what to do", async () => {
    const me = await person();
    const colleague = await person();
    addMember(me.tenantId, colleague.user.id, "admin");
    const refused = await deleteAccount(me.cookie, PASSWORD);
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors.account).toBe(
      "You are the only owner of “Personal”, which has other members. Make another member an owner (Settings → Members), or delete the organization, then delete your account.",
    );
    expect(db.select().from(users).where(eq(users.id, me.user.id)).get()).toBeDefined();
    expect(db.select().from(tenants).where(eq(tenants.id, me.tenantId)).get()).toBeDefined();

    // Once the colleague is an owner too, the account goes and the organization stays with them.
    db.update(memberships).set({ role: "owner" }).where(eq(memberships.userId, colleague.user.id)).run();
    const done = await deleteAccount(me.cookie, PASSWORD);
    expect(done.status).toBe(302);
    expect(db.select().from(tenants).where(eq(tenants.id, me.tenantId)).get()).toBeDefined();
    expect(db.select().from(memberships).where(eq(memberships.tenantId, me.tenantId)).all()).toHaveLength(1);
  });
});
