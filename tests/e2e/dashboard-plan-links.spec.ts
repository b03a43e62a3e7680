// A Free dashboard does not link into a paywall (issue 32): Security Alerts need Pro, so on Free neither the
// "Active threats" card nor "View all alerts" is a link (the sidebar and the pricing page offer the upgrade);
// modules the plan opens stay linked, here and in "What the score covers". On Pro both lead to the alerts page.
import { test, expect } from "./fixtures";

test("on Free the dashboard has no link into the Security Alerts paywall", async ({ page, login }) => {
  await login({ plan: "free" });
  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Recent alerts" })).toBeVisible();
  await expect(main.getByRole("link", { name: "View all alerts" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Active threats: open the module" })).toHaveCount(0);
  await expect(main.locator('a[href^="/alerts"]')).toHaveCount(0);
  // "What the score covers" names the modules Free lacks without a link into their upgrade walls.
  const coverage = page.getByTestId("coverage");
  await expect(coverage).toContainText("Logs & Anomalies");
  await expect(coverage.locator('a[href^="/logs"], a[href^="/siem-soar"]')).toHaveCount(0);
  await expect(coverage.locator('a[href^="/dark-web-monitoring"]')).toHaveCount(1);
  // Free modules keep their links.
  await main.getByRole("link", { name: "Dark web hits: open the module" }).click();
  await expect(page).toHaveURL(/\/dark-web-monitoring$/);
});

test("on Pro 'View all alerts' and the Active threats card open the alerts page", async ({ page, login }) => {
  await login({ plan: "pro" });
  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Active threats: open the module" })).toHaveAttribute("href", "/alerts");
  await main.getByRole("link", { name: "View all alerts" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/upgrade/i);
});
