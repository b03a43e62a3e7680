// The pricing page's "request a quote" reaches the operator (issue 32): a signed-in owner's request is stored as
// the organization's upgrade request (the same one the upgrade wall stores, mailed to operators when SMTP is set)
// and listed in the operator console; a signed-out visitor is sent to sign in, or to the contact form (stored too).
import { randomUUID } from "node:crypto";
import { test, expect, createAccount, openDb } from "./fixtures";

test("an owner's quote request for Enterprise is stored with the organization and shown in the operator console", async ({
  page,
  browser,
  login,
}) => {
  const tenantName = `Quote ${randomUUID().slice(0, 8)}`;
  const owner = await login({ plan: "free", tenantName });
  await page.goto("/pricing");
  const card = page.getByTestId("plan-enterprise");
  await card.getByRole("button", { name: "Request a quote for Enterprise" }).click();
  await expect(page).toHaveURL(/\/pricing/);
  await expect(page.getByTestId("quote-requested-enterprise")).toContainText(`Quote requested for ${tenantName}`);
  // Asked once: the button is gone for that plan, still there for the others.
  await expect(card.getByRole("button", { name: /Request a quote/ })).toHaveCount(0);
  await expect(
    page.getByTestId("plan-business").getByRole("button", { name: "Request a quote for Business" }),
  ).toBeVisible();

  const db = openDb();
  try {
    expect(
      db
        .prepare("SELECT plan, status, user_id AS userId, message FROM upgrade_requests WHERE tenant_id = ?")
        .all(owner.tenantId),
    ).toEqual([
      { plan: "enterprise", status: "open", userId: owner.userId, message: "Quote requested on the pricing page." },
    ]);
  } finally {
    db.close();
  }

  // The operator sees it in the console.
  const operator = await createAccount({ plan: "free" });
  const setOperator = openDb();
  try {
    setOperator.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").run(operator.userId);
  } finally {
    setOperator.close();
  }
  const operatorContext = await browser.newContext();
  try {
    await operatorContext.addCookies([
      { name: "rampart_session", value: operator.cookieValue, domain: "127.0.0.1", path: "/", httpOnly: true },
    ]);
    const consolePage = await operatorContext.newPage();
    await consolePage.goto("/operator");
    const request = consolePage.getByTestId("upgrade-request").filter({ hasText: tenantName });
    await expect(request).toContainText("asks for Enterprise");
    await expect(request).toContainText("Quote requested on the pricing page.");
    await expect(request).toContainText(owner.email);
  } finally {
    await operatorContext.close();
  }
});

test("a signed-out visitor is sent to sign in for a quote, or to the contact form", async ({ page }) => {
  await page.goto("/pricing");
  const card = page.getByTestId("plan-enterprise");
  await expect(card.getByRole("button", { name: /Request a quote/ })).toHaveCount(0);
  await card.getByRole("link", { name: "Sign in to request a quote for Enterprise" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpricing$/);
  await page.goto("/pricing");
  await page.getByTestId("plan-enterprise").getByRole("link", { name: "Write to us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("a member who is not an owner is told to ask an owner", async ({ page, login }) => {
  const { tenantId } = await login({ plan: "free" });
  const db = openDb();
  try {
    db.prepare("UPDATE memberships SET role = 'member' WHERE tenant_id = ?").run(tenantId);
  } finally {
    db.close();
  }
  await page.goto("/pricing");
  const card = page.getByTestId("plan-enterprise");
  await expect(card).toContainText("Ask an owner of");
  await expect(card.getByRole("button", { name: /Request a quote/ })).toHaveCount(0);
});
