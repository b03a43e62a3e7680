// The admin area keeps the sidebar shell (issue 32: "the admin area drops the app shell"): from the dashboard, the
// footer's 'Admin' link opens it with the sidebar still there on a desktop, and the open-menu button on a phone.
import { test, expect } from "./fixtures";

test.describe("1366 px", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("clicking Admin in the sidebar footer keeps the sidebar", async ({ page, login }) => {
    await login({ plan: "business" });
    await page.goto("/dashboard");
    await page.getByTestId("sidebar-footer").getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    // A sub-page of the admin area too, and the way back.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Alert rules" }).click();
    await expect(page).toHaveURL(/\/admin\/alert-rules$/);
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a plan without the admin area shows 'Admin' without a link, and its upgrade wall stays in the shell", async ({
    page,
    login,
  }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    const footer = page.getByTestId("sidebar-footer");
    await expect(footer.getByText("Admin", { exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("sidebar")).toBeVisible();
  });
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("on a phone the admin area keeps the open-menu button, and it opens the sidebar", async ({ page, login }) => {
    await login({ plan: "business" });
    await page.goto("/dashboard");
    const open = page.getByRole("link", { name: "Open menu" });
    await open.click();
    const drawer = page.getByTestId("drawer");
    await drawer.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await open.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
