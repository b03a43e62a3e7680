import { describe, expect, it } from "vitest";
import { action } from "~/routes/invite.$token";
import { getSession } from "~/modules/accounts/session.server";
import { createInvitation } from "./members.server";
import { setTenantPlan } from "./tenants.server";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

describe("accepting an invitation", () => {
  it("joins the organization, selects it, and rotates the session id (the old cookie stops working)", async () => {
    const owner = await signedInUser();
    const joiner = await signedInUser();
    setTenantPlan(joiner.tenantId, "pro"); // free allows one organization, which "Personal" already is
    const { token } = createInvitation(owner.tenantId, "member", owner.user.id, "127.0.0.1");

    const res = await settle(() =>
      action({
        request: req(`/invite/${token}`, { method: "POST", cookie: joiner.cookie }),
        params: { token },
        context: {},
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    const fresh = cookies[1].split(";")[0];
    expect(fresh).not.toBe(joiner.cookie);

    expect(await getSession(req("/dashboard", { cookie: joiner.cookie }))).toBeNull();
    const rotated = await getSession(req("/dashboard", { cookie: fresh }));
    expect(rotated?.user.id).toBe(joiner.user.id);
    expect(rotated?.session.selectedTenantId).toBe(owner.tenantId);
  });

  it("keeps the session when the invitation is not valid", async () => {
    const joiner = await signedInUser();
    const res = await settle(() =>
      action({
        request: req("/invite/nope", { method: "POST", cookie: joiner.cookie }),
        params: { token: "nope" },
        context: {},
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect((await getSession(req("/dashboard", { cookie: joiner.cookie })))?.user.id).toBe(joiner.user.id);
  });
});
