// The spec's user-facing error messages (docs/product.md §8, `userMessage()` in app/lib/errors.ts) are what a
// person reads where an error reaches them: the error screens for a 403, 404, 429, 500 or 503 answer, the /500 page,
// and a page change whose request never reached the server (issue 31: the catalogue had no production caller).
import { test, expect } from "./fixtures";

const SPEC = {
  403: "You do not have permission to access this resource.",
  404: "The requested resource was not found.",
  429: "Too many requests. Please wait a moment and try again.",
  500: "Our systems are experiencing issues. Please try again later.",
  503: "Service is temporarily unavailable. Please try again in a few minutes.",
  network: "Unable to connect to our servers. Please check your internet connection.",
} as const;

for (const status of [403, 429, 500, 503] as const) {
  test(`a ${status} answer shows the catalogue's message`, async ({ page }) => {
    const response = await page.goto(`/__test/error?status=${status}`);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole("main")).toContainText(SPEC[status]);
    await expect(page.getByText("Component Error Detected")).toHaveCount(0);
  });
}

test("an unknown page shows the 404 message", async ({ page }) => {
  const response = await page.goto("/no-such-page-for-the-catalogue");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).toContainText(SPEC[404]);
});

test("the /500 page shows the 500 message", async ({ page }) => {
  const response = await page.goto("/500");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("main")).toContainText(SPEC[500]);
});

test("a page change that cannot reach the server shows the network message, and 'Try again' recovers", async ({
  page,
  login,
}) => {
  await login({ plan: "pro" });
  await page.goto("/dashboard");
  // Scripts loaded (the sidebar's links navigate in the browser), then the connection drops for data requests.
  await expect(page.locator("[data-sidebar]")).toBeVisible();
  await page.waitForFunction(() => "__remixContext" in window && document.readyState === "complete");
  await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
  await page.getByTestId("sidebar").getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("alert").filter({ hasText: SPEC.network })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Connection Error" })).toBeVisible();
  await expect(page.getByText("Component Error Detected")).toHaveCount(0);
  // Back online, 'Try again' loads the page.
  await page.unroute("**/*.data*");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("request-error")).toHaveCount(0);
  await expect(page.getByTestId("sidebar")).toBeVisible();
});
