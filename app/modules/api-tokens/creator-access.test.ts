// Issue 26, item 9: an API token never outlives its creator's access. Removing the creator from the organization,
// deleting their account, or lowering their role below a scope revokes the token (gone from the list, 401 on use);
// a token whose scopes the new role still covers keeps working. Through the settings form, as an owner does it.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { memberships } from "@db/schema";
import { db } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { deleteAccount } from "~/modules/accounts";
import { releaseOrganizationsForAccountDeletion } from "~/modules/tenants";
import { createUser } from "~/modules/accounts/accounts.server";
import * as settings from "~/routes/_app.settings";
import { loader as alertsStream } from "~/routes/api.alerts.stream";
import { BASE, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { createApiToken, listApiTokens, resolveApiToken, type TokenScope } from "./tokens.server";

beforeEach(() => resetRateLimits());

type Fn = (args: unknown) => unknown;

async function ownerPosts(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${BASE}/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
  return settle(() => (settings.action as Fn)({ request, params: {}, context: {} }));
}

/** A business organization, and an admin of it with a password, who makes a token of `scopes`. */
async function adminWithToken(scopes: TokenScope[]) {
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
  const password = `a long passphrase ${randomUUID()}`;
  const { user: admin } = await createUser(`admin-${randomUUID().slice(0, 8)}@example.com`, password);
  db.insert(memberships).values({ id: randomUUID(), tenantId: owner.tenantId, userId: admin.id, role: "admin" }).run();
  const token = createApiToken({ tenantId: owner.tenantId, userId: admin.id, name: "shipper", scopes });
  // It works while its creator may do what it does.
  expect(resolveApiToken(token.token)?.actor.id).toBe(admin.id);
  return { owner, admin, password, token };
}

/** What a client with the token gets from a read endpoint. */
async function useToken(secret: string) {
  const res = await settle(() =>
    (alertsStream as Fn)({
      request: req("/api/alerts/stream", { headers: { Authorization: `Bearer ${secret}` } }),
      params: {},
      context: {},
    }),
  );
  await res.body?.cancel();
  return res.status;
}

describe("an API token and its creator", () => {
  it("is revoked when its creator is removed from the organization", async () => {
    const { owner, admin, token } = await adminWithToken(["read"]);
    expect(await useToken(token.token)).toBe(200);
    expect((await ownerPosts(owner.cookie, { intent: "remove-member", userId: admin.id })).status).toBe(200);
    expect(await useToken(token.token)).toBe(401);
    expect(listApiTokens(owner.tenantId).map((t) => t.id)).not.toContain(token.id);
  });

  it("is revoked when its creator's account is deleted", async () => {
    const { owner, admin, password, token } = await adminWithToken(["read"]);
    expect(await deleteAccount(admin.id, password, releaseOrganizationsForAccountDeletion)).toMatchObject({
      deleted: true,
    });
    expect(await useToken(token.token)).toBe(401);
    expect(listApiTokens(owner.tenantId).map((t) => t.id)).not.toContain(token.id);
  });

  it("is revoked when its creator's role drops below one of its scopes, and kept while the role covers them", async () => {
    const { owner, admin, token: sender } = await adminWithToken(["events:write", "read"]);
    const reader = createApiToken({ tenantId: owner.tenantId, userId: admin.id, name: "reader", scopes: ["read"] });
    // A member may still send events and read: both stay.
    expect((await ownerPosts(owner.cookie, { intent: "change-role", userId: admin.id, role: "member" })).status).toBe(
      200,
    );
    expect(resolveApiToken(sender.token)).not.toBeNull();
    // A viewer may only read: the sending token goes, the reading one stays.
    expect((await ownerPosts(owner.cookie, { intent: "change-role", userId: admin.id, role: "viewer" })).status).toBe(
      200,
    );
    expect(resolveApiToken(sender.token)).toBeNull();
    expect(resolveApiToken(reader.token)).not.toBeNull();
    expect(listApiTokens(owner.tenantId).map((t) => t.name)).toEqual(["reader"]);
  });
});
