// The upgrade wall (issue 32) names the module and what it does, offers the organization's trial in place
// ("Try it free for 14 days") and lands back on the unlocked page; without a trial to offer, the owner asks the
// operator for the plan and the request reaches the operator console. Nothing says "Upgrade to Pro" to an
// organization whose effective plan is already higher.
import { test, expect, openDb } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test(`a Free owner starts the trial from the wall and lands on the unlocked page (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const { createAccount } = await import("./fixtures");
    const account = await createAccount({ plan: "free" });
    await context.addCookies([
      {
        name: "rampart_session",
        value: account.cookieValue,
        domain: "127.0.0.1",
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
      },
    ]);
    await page.goto("/password");
    const wall = page.getByTestId("upgrade-banner");
    await expect(wall.getByTestId("upgrade-module")).toHaveText("Password Analyzer");
    // A gated page has its main landmark.
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(wall.getByRole("heading", { level: 1 })).toHaveText("This feature requires Pro plan or higher");
    await wall.getByRole("button", { name: "Try it free for 14 days" }).click();
    await expect(page).toHaveURL(/\/password$/);
    await expect(page.getByTestId("upgrade-banner")).toHaveCount(0);
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    // During the Enterprise trial nothing says "Upgrade to Pro".
    await expect(page.getByText("Upgrade to Pro")).toHaveCount(0);
    await context.close();
  });
}

test("without a trial to offer, the owner asks for the plan and the request is stored for the operator console", async ({
  page,
  login,
}) => {
  const owner = await login({ plan: "free" });
  const db = openDb();
  try {
    // The organization's trial is used up.
    db.prepare(
      "INSERT INTO trials (id, tenant_id, status, started_at, ends_at) VALUES (lower(hex(randomblob(16))), ?, 'expired', ?, ?)",
    ).run(owner.tenantId, Date.now() - 30 * 86_400_000, Date.now() - 16 * 86_400_000);
  } finally {
    db.close();
  }
  await page.goto("/incident-response");
  const wall = page.getByTestId("upgrade-banner");
  await expect(wall.getByRole("button", { name: /Try it free/ })).toHaveCount(0);
  await wall.getByRole("button", { name: "Ask for the Business plan" }).click();
  await expect(page.getByTestId("upgrade-requested")).toContainText("Request sent");
  const check = openDb();
  try {
    expect(check.prepare("SELECT plan, status FROM upgrade_requests WHERE tenant_id = ?").all(owner.tenantId)).toEqual([
      { plan: "business", status: "open" },
    ]);
  } finally {
    check.close();
  }
});
