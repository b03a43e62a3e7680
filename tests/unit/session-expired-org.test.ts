// Issue 31: an expired session when the Add Organization form is sent leads to sign-in with the
// catalogue's "Session Expired" notice, and back to the form afterwards.
import { describe, expect, it } from "vitest";
import { action } from "~/routes/_app.organizations.new";
import { settle } from "./helpers";

describe("organization creation with an expired session", () => {
  it("redirects to /login?expired=1 with the way back", async () => {
    const res = await settle(() =>
      action({
        request: new Request("http://localhost/organizations/new", {
          method: "POST",
          body: new URLSearchParams({ name: "Acme" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "__session=expired" },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location")!, "http://localhost");
    expect(to.pathname).toBe("/login");
    expect(to.searchParams.get("expired")).toBe("1");
    expect(to.searchParams.get("redirectTo")).toBe("/organizations/new");
  });
});
