/**
 * Add Organization (issue 3 §3, spec §5, §7, §8), with JavaScript (the Radix dialog calling POST /api/tenants) and
 * without it (the /organizations/new form): every string the spec quotes.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openDb, test } from "./fixtures";

const HINT = "Use at least 2 characters.";

function addMembership(userId: string, name: string) {
  const db = openDb();
  const id = randomUUID();
  db.prepare("INSERT INTO tenants (id, name, plan) VALUES (?, ?, 'free')").run(id, name);
  db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'owner')").run(
    randomUUID(),
    userId,
    id,
  );
  db.close();
  return id;
}

async function openDialog(page: Page) {
  await page.getByTestId("sidebar").getByRole("button", { name: "Add Organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Organization" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("with JavaScript", () => {
  test("blank name, hint, 'Creating...', success toast, new tenant selected, name reset", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByTestId("organization-count")).toHaveText("Organizations: 1/3");

    const dialog = await openDialog(page);
    const name = dialog.getByLabel("Organization name");
    const create = dialog.getByRole("button", { name: "Create" });
    await expect(dialog.getByText(HINT)).toBeVisible();
    await expect(name).toBeFocused();
    // Disabled while empty.
    await expect(create).toBeDisabled();
    // A blank name is refused with the spec's message, tied to the field.
    await name.fill("   ");
    await create.click();
    await expect(dialog.getByRole("alert")).toHaveText("Organization name is required");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();

    // Slow the request down so the pending state can be seen.
    await page.route("**/api/tenants", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await name.fill("  Beta Org  ");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await create.click();
    const pending = dialog.getByRole("button", { name: "Creating..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText('Organization "Beta Org" created successfully!');
    await expect(dialog).toHaveCount(0);
    // The list refreshed and the new tenant is selected.
    await expect(page.getByLabel("Organization")).toHaveValue(/.+/);
    await expect(page.getByLabel("Organization").locator("option:checked")).toHaveText("Beta Org");
    await expect(sidebar.getByTestId("organization-count")).toHaveText("Organizations: 2/3");
    expect(
      (await (await page.request.get("/api/tenants")).json()).map((t: { tenant: { name: string } }) => t.tenant.name),
    ).toEqual(["Personal", "Beta Org"]);

    // The name was reset on success; it resets on cancel too.
    const again = await openDialog(page);
    await expect(again.getByLabel("Organization name")).toHaveValue("");
    await again.getByLabel("Organization name").fill("Temporary");
    await again.getByRole("button", { name: "Cancel" }).click();
    await expect(again).toHaveCount(0);
    // Focus returns to the control that opened it.
    await expect(sidebar.getByRole("button", { name: "Add Organization" })).toBeFocused();
    const third = await openDialog(page);
    await expect(third.getByLabel("Organization name")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(third).toHaveCount(0);
  });

  test("at the limit: 'Limit reached', aria-disabled control, the upgrade message as tooltip and text; the server's refusal is an 'Error' toast", async ({
    page,
    login,
  }) => {
    const { userId } = await login({ plan: "pro" });
    addMembership(userId, "Second");
    await page.goto("/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByTestId("organization-count")).toHaveText("Organizations: 2/3");

    // The dialog is opened under the limit, then the limit is reached elsewhere (another tab, another admin).
    const dialog = await openDialog(page);
    addMembership(userId, "Third");
    await dialog.getByLabel("Organization name").fill("Fourth");
    await dialog.getByRole("button", { name: "Create" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Upgrade to Enterprise for unlimited organizations");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await page.keyboard.press("Escape");

    await page.reload();
    await expect(sidebar.getByTestId("organization-count")).toContainText("Organizations: 3/3");
    await expect(sidebar.getByTestId("organization-count")).toContainText("Limit reached");
    const control = sidebar.getByRole("button", { name: "Add Organization" });
    await expect(control).toHaveAttribute("aria-disabled", "true");
    await expect(sidebar.getByTestId("organization-upgrade-message")).toContainText(
      "Upgrade to Enterprise for unlimited organizations",
    );
    await control.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Upgrade to Enterprise for unlimited organizations");
    await page.mouse.move(900, 600, { steps: 10 });
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await control.focus();
    await expect(page.getByRole("tooltip")).toHaveText("Upgrade to Enterprise for unlimited organizations");
    // Activating it does nothing: no dialog (Playwright's click refuses aria-disabled, so force it; Enter as a keyboard user).
    await control.click({ force: true });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("free at 1/1: the Pro upgrade message", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByTestId("organization-count")).toContainText("Organizations: 1/1");
    await expect(sidebar.getByTestId("organization-count")).toContainText("Limit reached");
    await expect(sidebar.getByTestId("organization-upgrade-message")).toContainText(
      "Upgrade to Pro to create up to 3 organizations",
    );
    // The tooltip is client behaviour: hover once the page has hydrated (its refresh timers run), and again if the
    // first hover landed while the tooltip's handlers were still attaching.
    await expect(page.locator('main[data-page="dashboard"][data-refresh="on"]')).toBeVisible({ timeout: 15_000 });
    await expect(async () => {
      await page.mouse.move(0, 0);
      await sidebar.getByRole("button", { name: "Add Organization" }).hover();
      await expect(page.getByRole("tooltip")).toHaveText("Upgrade to Pro to create up to 3 organizations", {
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
  });

  test("a server failure shows 'Error' / 'Failed to create organization'", async ({ page, login }) => {
    await login({ plan: "business" });
    await page.goto("/dashboard");
    await expect(page.getByTestId("organization-count")).toHaveText("Organizations: 1/∞");
    await page.route("**/api/tenants", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Internal server error", code: "SERVER_ERROR" }),
      }),
    );
    const dialog = await openDialog(page);
    await dialog.getByLabel("Organization name").fill("Acme");
    await dialog.getByRole("button", { name: "Create" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to create organization");
    // The dialog stays open with the name, to try again.
    await expect(dialog.getByLabel("Organization name")).toHaveValue("Acme");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the control is a link to /organizations/new; the form posts, shows its errors, and selects the new tenant", async ({
    page,
    login,
  }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    const link = page.getByTestId("sidebar").getByRole("link", { name: "Add Organization" });
    await expect(link).toHaveAttribute("href", "/organizations/new");
    await link.click();
    await expect(page).toHaveURL(/\/organizations\/new$/);
    await expect(page.getByRole("heading", { name: "Add Organization" })).toBeVisible();
    await expect(page.getByText("Organizations: 1/3").first()).toBeVisible();
    await expect(page.getByText(HINT)).toBeVisible();

    // The server-rendered button is enabled so the form can post without JavaScript.
    const create = page.getByRole("main").getByRole("button", { name: "Create" });
    await expect(create).toBeEnabled();
    const blank = page.waitForResponse(
      (r) => r.url().includes("/organizations/new") && r.request().method() === "POST",
    );
    await page.getByLabel("Organization name").fill("   ");
    await create.click();
    expect((await blank).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Organization name is required");
    await expect(page.getByLabel("Organization name")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Organization name").fill("  Gamma  ");
    await page.getByRole("main").getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel("Organization").locator("option[selected]")).toHaveText("Gamma");
    await expect(page.getByTestId("organization-count")).toHaveText("Organizations: 2/3");
  });

  test("at the limit the page says so and a post is refused with the upgrade message", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    await expect(page.getByTestId("organization-upgrade-message")).toContainText(
      "Upgrade to Pro to create up to 3 organizations",
    );
    await page.goto("/organizations/new");
    await expect(page.getByRole("main")).toContainText("Limit reached. Upgrade to Pro to create up to 3 organizations");
    const refused = page.waitForResponse(
      (r) => r.url().includes("/organizations/new") && r.request().method() === "POST",
    );
    await page.getByLabel("Organization name").fill("Second");
    await page.getByRole("main").getByRole("button", { name: "Create" }).click();
    expect((await refused).status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText("Upgrade to Pro to create up to 3 organizations");
  });
});
