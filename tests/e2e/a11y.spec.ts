/**
 * axe-core on every page a signed-in enterprise user and a signed-out visitor can reach from the route table (no
 * serious or critical violations), plus the states the shell adds: upgrade banner, Add Organization dialog, collapsed
 * sidebar, the 375 px drawer, the limit tooltip, the error screen.
 */
import { randomUUID } from "node:crypto";
import { APP_ROUTES, TEASER_PATHS } from "../../app/lib/app-routes";
import { checkA11y, expect, test } from "./fixtures";

const OUTSIDE_SHELL = ["/features", "/manufacturing", "/finance", "/retail", "/healthcare", "/auth0-setup"];
const ADMIN = [
  "/admin",
  "/admin/multi-account",
  "/admin/alert-rules",
  "/admin/notification-channels",
  "/admin/escalation-policies",
  "/admin/settings",
  "/admin/unknown",
];

// One test per page: axe is slow on a busy machine, and a failure names its page.
for (const path of [...TEASER_PATHS, "/", "/login", "/signup", "/no-such-page"]) {
  test(`signed out ${path}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(path);
    await checkA11y(page);
  });
}

const ENTERPRISE_PATHS = [
  "/",
  ...APP_ROUTES.filter((r) => r.shell).map((r) => r.path),
  ...OUTSIDE_SHELL,
  ...ADMIN,
  "/organizations/new",
];
for (const path of ENTERPRISE_PATHS) {
  test(`enterprise ${path}`, async ({ page, login }) => {
    test.setTimeout(60_000);
    await login({ plan: "enterprise" });
    await page.goto(path);
    await expect(page.getByText("Component Error Detected")).toHaveCount(0);
    await checkA11y(page);
  });
}

test("free: upgrade banners inside and outside the shell, limit tooltip", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login({ plan: "free" });
  for (const path of ["/alerts", "/threat-hunting", "/endpoint-security", "/admin"]) {
    await page.goto(path);
    await expect(page.getByTestId("upgrade-banner")).toBeVisible();
    await checkA11y(page);
  }
  await page.goto("/dashboard");
  await page.getByTestId("sidebar").getByRole("button", { name: "Add Organization" }).focus();
  await expect(page.getByRole("tooltip")).toBeVisible();
  await checkA11y(page);
});

test("the Add Organization dialog (with its error) and the collapsed sidebar", async ({ page, login }) => {
  test.setTimeout(90_000);
  await login({ plan: "pro" });
  await page.goto("/dashboard");
  await page.getByTestId("sidebar").getByRole("button", { name: "Add Organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Organization" });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel("Organization name").fill(" ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(page.locator("[data-sidebar]")).toHaveAttribute("data-sidebar", "collapsed");
  await checkA11y(page);
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(page.locator("[data-sidebar]")).toHaveAttribute("data-sidebar", "expanded");
});

test("the error screen", async ({ page }) => {
  await page.goto(`/__test/error?key=${randomUUID()}`);
  await expect(page.getByText("Component Error Detected")).toBeVisible();
  await checkA11y(page);
});

test.describe("375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("shell pages and the open drawer", async ({ page, login }) => {
    test.setTimeout(90_000);
    await login({ plan: "enterprise" });
    for (const path of ["/dashboard", "/settings", "/alerts"]) {
      await page.goto(path);
      await checkA11y(page);
    }
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(page.getByTestId("drawer")).toBeVisible();
    await checkA11y(page);
  });
});
