import { describe, expect, test } from "vitest";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { setTenantPlan } from "./tenants.server";
import { getTenantContext } from "./tenant-context.server";
import { shellData } from "./shell.server";

/** What the `_app` layout loader does: the shell for a signed-in person, none for a visitor. */
async function loadShellData(request: Request) {
  const ctx = await getTenantContext(request);
  return ctx ? shellData(ctx, request.headers.get("Cookie")) : null;
}

let n = 0;
async function signedIn(plan?: "free" | "business") {
  const { user, tenantId } = await createUser(`shell${++n}-${Date.now()}@example.com`, "a long enough passphrase 1");
  if (plan) setTenantPlan(tenantId, plan);
  const setCookie = await createSession(new Request("http://localhost/login"), user.id, { selectedTenantId: tenantId });
  return { tenantId, cookie: setCookie.split(";")[0]! };
}

const request = (cookie?: string) =>
  new Request("http://localhost/dashboard", { headers: cookie ? { Cookie: cookie } : {} });

describe("loadShellData", () => {
  test("signed out: no shell (the layout shows the public header and footer)", async () => {
    expect(await loadShellData(request())).toBeNull();
  });

  test("signed in: the user's organization, plan and the navigation their plan allows", async () => {
    const { tenantId, cookie } = await signedIn();
    const shell = await loadShellData(request(cookie));
    expect(shell?.selectedTenantId).toBe(tenantId);
    expect(shell?.planName).toBe("Free");
    const labels = shell!.nav.map((i) => i.label);
    expect(labels[0]).toBe("Dashboard");
    expect(labels).toContain("Settings");
    expect(labels).not.toContain("Executive Dashboard");
  });

  test("a higher plan shows its modules in the navigation", async () => {
    const { cookie } = await signedIn("business");
    const shell = await loadShellData(request(cookie));
    expect(shell?.planName).toBe("Business");
    expect(shell!.nav.map((i) => i.label)).toContain("Executive Dashboard");
  });
});
