// Issue 31 end to end: the same message analysed twice is one message and one alert seen twice (the page
// says "already analysed"); quarantining it resolves the alert; the bell shows the open high alert with no
// alert rule; a new organization's dashboard and executive view say "Not assessed".
import path from "node:path";
import fs from "node:fs";
import { test, expect } from "./fixtures";

const FIXTURES = path.resolve("app/modules/phishing/fixtures");
const PHISH = fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml"), "utf8");

test("re-analysing a message: one alert counted twice, resolved by quarantine", async ({ page, login }) => {
  await login({ plan: "business" });
  await page.goto("/dashboard");
  await expect(page.getByTestId("score-not-assessed")).toHaveText("Not assessed");
  await page.goto("/executive");
  await expect(page.getByTestId("executive-view")).toContainText("Not assessed");

  await page.goto("/phishing");
  for (const round of [1, 2]) {
    await page.getByLabel("Message source").fill(PHISH);
    await page.getByRole("button", { name: "Analyze message" }).click();
    // The first analysis on a fresh server starts the analyzer's worker pool: slow on a loaded machine.
    await expect(page.getByTestId("phishing-verdict")).toHaveAttribute("data-risk", "high", { timeout: 20_000 });
    if (round === 2) await expect(page.getByTestId("already-analysed")).toContainText("Already analysed on");
    else await expect(page.getByTestId("already-analysed")).toHaveCount(0);
  }
  await expect(page.getByTestId("phishing-row")).toHaveCount(1);

  await page.goto("/alerts");
  const rows = page.getByTestId("alert-row").filter({ hasText: "Your account has been limited" });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("seen 2 times");
  await expect(rows).toContainText("active");
  // The bell lists the open high alert without any alert rule configured.
  await expect(page.getByTestId("bell-open-alerts")).toHaveText("1 open");

  await page.goto("/phishing");
  await page
    .getByRole("button", { name: /^Quarantine/ })
    .first()
    .click();
  await expect(page.getByTestId("phishing-row").first()).toContainText("Quarantined");

  await page.goto("/alerts");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("resolved");
  await expect(page.getByTestId("bell-open-alerts")).toHaveCount(0);

  // Catching (and quarantining) phishing is the screening working: the score is not lowered by it.
  await page.goto("/dashboard");
  await expect(page.getByTestId("security-score")).toHaveText("100");
});

test("any /demo path shows the demo banner; /sw.js is the service worker", async ({ page, request }) => {
  const res = await page.goto("/demo/anything/at-all");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("demo-banner")).toHaveText("DEMO MODE — simulated data, no real PII");
  await expect(page.getByTestId("demo-not-found")).toContainText("This demo page does not exist");

  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(await sw.text()).toContain('addEventListener("install"');
});

test("a session that expires during organization creation says 'Session Expired'", async ({ page, context, login }) => {
  await login({ plan: "pro" });
  await page.goto("/dashboard");
  await page.getByTestId("add-organization").first().click();
  const dialog = page.getByRole("dialog", { name: "Add Organization" });
  await dialog.getByLabel("Organization name").fill("Acme Security");
  // The session ends while the dialog is open (another tab signed out, or it timed out).
  await context.clearCookies();
  await dialog.getByRole("button", { name: "Create" }).click();
  const toast = page.getByTestId("toast").filter({ hasText: "Session Expired" });
  await expect(toast).toContainText("Please sign in again to continue.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("an expired session on the Add Organization form leads to sign-in saying 'Session Expired'", async ({
    page,
    context,
    login,
  }) => {
    await login({ plan: "pro" });
    await page.goto("/organizations/new");
    await page.locator("main").getByLabel("Organization name").fill("Acme Security");
    await context.clearCookies();
    await page.locator("main").getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/login\?/);
    const notice = page.getByTestId("session-expired");
    await expect(notice).toContainText("Session Expired");
    await expect(notice).toContainText("Please sign in again to continue.");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/organizations/new");
  });
});
