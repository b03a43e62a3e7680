// Screens a customer meets around the product (issue 32): the 404 page keeps the site's navigation, signed in or
// out, at phone and desktop sizes; the forgot-password confirmation shows its message with JavaScript on.
import { test, expect, uniqueEmail } from "./fixtures";

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("the 404 page has navigation, signed out", async ({ page }) => {
      const response = await page.goto("/no-such-page-here");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test("the 404 page leads a signed-in person back to the dashboard", async ({ page, login }) => {
      await login({ plan: "free" });
      const response = await page.goto("/no-such-page-here");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("banner").getByRole("link", { name: "Open dashboard" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Back to the dashboard" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

test("the forgot-password confirmation shows its message with JavaScript on", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(uniqueEmail("forgot"));
  await page.getByRole("button", { name: "Send the reset link" }).click();
  const done = page.getByTestId("reset-requested");
  await expect(done).toBeVisible();
  await expect(done).not.toHaveText("");
  expect(((await done.textContent()) ?? "").trim().length).toBeGreaterThan(20);
});
