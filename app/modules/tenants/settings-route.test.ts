import { describe, expect, it } from "vitest";
import { loader } from "~/routes/_app.settings";
import { createInvitation, acceptInvitation } from "./members.server";
import { setTenantPlan } from "./tenants.server";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

async function canAdmin(cookie: string, tenantId: string) {
  const res = await settle(() => loader({ request: req("/settings", { cookie, tenantId }), params: {}, context: {} }));
  return (await res.json()).canAdmin as boolean;
}

describe("/settings points owners and admins to the admin area", () => {
  it("only where the plan has the admin area and the role is owner or admin", async () => {
    const owner = await signedInUser();
    expect(await canAdmin(owner.cookie, owner.tenantId)).toBe(false); // free plan
    setTenantPlan(owner.tenantId, "business");
    expect(await canAdmin(owner.cookie, owner.tenantId)).toBe(true);

    const member = await signedInUser();
    setTenantPlan(member.tenantId, "pro");
    acceptInvitation(
      createInvitation(owner.tenantId, "member", owner.user.id, "127.0.0.1").token,
      member.user.id,
      "127.0.0.1",
    );
    expect(await canAdmin(member.cookie, owner.tenantId)).toBe(false);
  });
});
