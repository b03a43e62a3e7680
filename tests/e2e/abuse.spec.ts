/**
 * Issue 10 where the browser matters: a link on another site to /api/logout
 * (Chromium sends Sec-Fetch-Site: cross-site) asks before signing out, while
 * the app's own logout link still signs out at once; a viewer sees the role
 * table on /settings and cannot change state.
 */
import { randomUUID } from "node:crypto";
import { checkA11y, E2E_PORT, expect, openDb, test } from "./fixtures";

const APP = `http://127.0.0.1:${E2E_PORT}`;

test("a cross-site link to /api/logout shows 'Sign out?' and keeps the session until the button is pressed", async ({
  page,
  login,
}) => {
  await login();
  // A page on another site (served by Playwright) that links to the logout URL.
  await page.route("http://evil.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Evil</title><a id="go" href="${APP}/api/logout">Win a prize</a>`,
    }),
  );
  await page.goto("http://evil.example/");
  await page.click("#go");
  await expect(page).toHaveURL(`${APP}/api/logout`);
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);
  await checkA11y(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${APP}/`);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("the sidebar's logout link (same-origin) still signs out at once", async ({ page, login }) => {
  await login();
  await page.goto("/dashboard");
  await page.getByTestId("sidebar-footer").getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${APP}/`);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("a viewer sees what each role may do and gets no state-changing controls", async ({ page, login }) => {
  const { userId, tenantId } = await login({ plan: "business" });
  openDb().prepare("UPDATE memberships SET role = 'viewer' WHERE user_id = ? AND tenant_id = ?").run(userId, tenantId);
  await page.goto("/settings/members");
  const table = page.getByTestId("role-permissions");
  await expect(table.getByRole("columnheader", { name: "Viewer (you)" })).toBeVisible();
  const release = table.getByRole("row", { name: /Release or quarantine mail/ });
  await expect(release.getByRole("cell")).toHaveText(["allowed", "allowed", "not allowed", "not allowed"]);
  await expect(page.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await checkA11y(page);
  // Module pages show a viewer no state-changing controls.
  await page.goto("/dark-web-monitoring");
  await expect(page.getByTestId("watchlist-read-only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to watchlist" })).toHaveCount(0);
  await checkA11y(page);
  // The API refuses a viewer's analysis whatever the page shows.
  const res = await page.request.post("/api/phishing/analyze", {
    data: { raw: `Subject: hi ${randomUUID()}\r\n\r\nbody` },
  });
  expect(res.status()).toBe(403);
});
