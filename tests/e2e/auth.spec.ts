/**
 * Sign-up, organizations, the operator command and sign-in again (issue 2 §6), plus the sign-in page's brute-force
 * answer and the login redirect (issue 2 §3).
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { E2E_DB } from "../../playwright.config";
import { createAccount, expect, test, uniqueEmail } from "./fixtures";

const run = promisify(execFile);

async function createOrganizationByForm(page: Page, name: string) {
  // The /organizations/new form: the same rules as the dialog, and it works whether or not JavaScript has started.
  await page.goto("/organizations/new");
  await page.getByLabel("Organization name").fill(name);
  await page.getByRole("main").getByRole("button", { name: "Create" }).click();
}

test("sign up, Personal selected, free refuses a second organization, operator raises to pro, 3 then refused, sign out, sign in to redirectTo", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("flow");
  const password = `Quiet lantern ${randomUUID()}`;

  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Sign-up signs nobody in and answers the same for any address (issue 26 §14); the new account signs in.
  await expect(page.getByTestId("signup-done")).toContainText(`We sent a message to ${email}`);
  await page.getByRole("link", { name: "Continue to sign in" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const selector = page.getByLabel("Organization");
  await expect(selector.locator("option")).toHaveText(["Personal"]);
  await expect(selector).toHaveValue(/.+/);
  const tenants = await (await page.request.get("/api/tenants")).json();
  expect(tenants).toEqual([{ tenantId: expect.any(String), tenant: { name: "Personal", plan: "free" } }]);
  const tenantId: string = tenants[0].tenantId;

  // Free: a second organization is refused.
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByTestId("organization-count")).toContainText("Organizations: 1/1");
  await expect(sidebar.getByTestId("organization-upgrade-message")).toContainText(
    "Upgrade to Pro to create up to 3 organizations",
  );
  const refused = await page.request.post("/api/tenants", { data: { name: "Second" } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    message: "Upgrade to Pro to create up to 3 organizations",
    code: "FORBIDDEN",
  });
  await createOrganizationByForm(page, "Second");
  await expect(page.getByRole("alert")).toHaveText("Upgrade to Pro to create up to 3 organizations");

  // The operator raises the plan.
  const { stdout } = await run("npm", ["run", "admin", "--", "plan", tenantId, "pro"], {
    env: { ...process.env, DATABASE_URL: E2E_DB },
    timeout: 150_000,
  });
  expect(stdout).toMatch(/pro/);
  expect(await (await page.request.get("/api/user/plan")).json()).toMatchObject({ plan: "pro", effectivePlan: "pro" });

  await page.goto("/dashboard");
  await expect(page.getByTestId("organization-count")).toHaveText("Organizations: 1/3");
  for (const name of ["Second", "Third"]) {
    await createOrganizationByForm(page, name);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel("Organization").locator("option[selected]")).toHaveText(name);
  }
  await expect(page.getByTestId("organization-count")).toContainText("Organizations: 3/3");
  await expect(page.getByTestId("organization-count")).toContainText("Limit reached");
  await expect(page.getByTestId("organization-upgrade-message")).toContainText(
    "Upgrade to Enterprise for unlimited organizations",
  );
  await createOrganizationByForm(page, "Fourth");
  await expect(page.getByRole("alert")).toHaveText("Upgrade to Enterprise for unlimited organizations");
  const fourth = await page.request.post("/api/tenants", { data: { name: "Fourth" } });
  expect(fourth.status()).toBe(403);
  expect((await fourth.json()).message).toBe("Upgrade to Enterprise for unlimited organizations");

  // Sign out; the current-user call answers 401.
  await page.goto("/dashboard");
  await page.getByTestId("sidebar-footer").getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
  expect(await me.json()).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });

  // Sign in again: lands where redirectTo said.
  await page.goto("/alerts");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Falerts$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByTestId("sidebar")).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);
});

test("a wrong password: one message; after 5 failures 'Too many requests' with status 429, even with the right password", async ({
  page,
}) => {
  const account = await createAccount();
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    const answer = page.waitForResponse((r) => r.url().includes("/login") && r.request().method() === "POST");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password").fill(`wrong ${i}`);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByTestId("form-error")).toHaveText("Invalid e-mail or password");
  }
  const answer = page.waitForResponse((r) => r.url().includes("/login") && r.request().method() === "POST");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const limited = await answer;
  expect(limited.status()).toBe(429);
  await expect(page.getByTestId("form-error")).toHaveText("Too many requests");
  await expect(page).toHaveURL(/\/login/);
});

test("a signed-in visit to /login and /signup goes to the dashboard", async ({ page, login }) => {
  await login();
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/dashboard$/);
});
