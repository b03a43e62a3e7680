import type { Page } from "@playwright/test";
import { test, expect, checkA11y } from "./fixtures";

// Pro plan for the axe-checked flows: the shell's Add Organization notice of a free tenant at its limit has a
// colour-only link (reported in the phishing spec); Privacy Guard itself is on the Free plan.

async function mapSystem(page: Page, name: string) {
  await page.goto("/privacy/data-map");
  await expect(page.getByRole("heading", { name: "Data map", level: 1 })).toBeVisible();
  await page.getByLabel("System name").fill(name);
  await page.getByLabel("Owner").fill("Customer support");
  await page.getByLabel("Data categories").fill("name, e-mail, tickets");
  await page.getByLabel("Location").fill("EU (Dublin)");
  await page.getByLabel("Retention").fill("3 years after the last ticket");
  await page.getByRole("button", { name: "Add system" }).click();
  await expect(page.getByTestId("privacy-flash")).toContainText(`${name} added to the data map.`);
  await expect(page.getByTestId("privacy-system")).toContainText(name);
}

async function logRequest(page: Page) {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "Privacy Guard", level: 1 })).toBeVisible();
  await page.getByLabel("Subject's name").fill("Ada Lovelace");
  await page.getByLabel("Subject's e-mail").fill("ada@example.com");
  await page.getByLabel("Request type").selectOption("deletion");
  await page.getByTestId("privacy-log-form").getByLabel("Law", { exact: true }).selectOption("gdpr");
  await page.getByRole("button", { name: "Log request" }).click();
  await expect(page).toHaveURL(/\/privacy\/[0-9a-f-]{36}\?logged=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Deletion request DSR-00001");
  await expect(page.getByTestId("privacy-flash")).toContainText("Request logged. Its due date is");
}

/** Extend, verify, try to complete (refused while the checklist is open), tick the task, complete. */
async function workRequest(page: Page, system: string) {
  const due = (await page.getByTestId("privacy-due-date").textContent())!.trim();
  await page.getByLabel("Reason for the extension").fill("The request covers twelve years of tickets");
  await page.getByRole("button", { name: "Extend deadline" }).click();
  await expect(page.getByTestId("privacy-flash")).toContainText("Deadline extended.");
  await expect(page.getByTestId("privacy-extensions")).toContainText(`Extended from ${due} to`);
  await expect(page.getByTestId("privacy-due-date")).not.toHaveText(due);
  await expect(page.getByText("No further extension is allowed.")).toBeVisible();

  await page.getByRole("button", { name: "Start identity verification" }).click();
  await expect(page.getByTestId("privacy-request-state")).toContainText("Verifying identity");
  await page.getByLabel("How was the subject's identity verified?").selectOption("id-document");
  await page.getByRole("button", { name: "Identity verified: start work" }).click();
  await expect(page.getByTestId("privacy-request-state")).toContainText("In progress");

  await page.getByRole("button", { name: "Complete request" }).click();
  await expect(page.getByTestId("privacy-status-error")).toContainText(
    `Finish the checklist first: 1 task open (${system})`,
  );
  await page.getByRole("button", { name: new RegExp(`^Mark done\\s*for ${system}$`) }).click();
  await expect(page.getByTestId("privacy-flash")).toContainText("Checklist updated.");
  await expect(page.getByTestId("privacy-task")).toContainText("done");
  await page.getByRole("button", { name: "Complete request" }).click();
  await expect(page.getByTestId("privacy-request-state")).toContainText("Completed");
  await expect(page.getByTestId("privacy-request-state")).toContainText("Answered on time");
  const history = page.getByTestId("privacy-history");
  await expect(history).toContainText("Request logged");
  await expect(history).toContainText("Deadline extended from");
  await expect(history).toContainText("Identity: Identity document checked.");
  await expect(history).toContainText(`Checklist: ${system} marked done.`);
  await expect(history).toContainText("Status In progress → Completed.");
}

test.describe("Privacy Guard", () => {
  test("log a request, extend it, complete its checklist and the request", async ({ page, login }) => {
    // Five axe runs on a shared 2-core machine: more than the default 30 s.
    test.setTimeout(90_000);
    await login({ plan: "pro" });
    await page.goto("/privacy");
    await expect(page.getByTestId("privacy-attention-empty")).toBeVisible();
    await expect(page.getByTestId("privacy-laws")).toContainText("Cal. Civ. Code § 1798.130(a)(2)");
    await checkA11y(page);
    await mapSystem(page, "Helpdesk");
    await checkA11y(page);
    await logRequest(page);
    await checkA11y(page);
    await workRequest(page, "Helpdesk");
    await checkA11y(page);

    await page.getByRole("link", { name: "Privacy Guard" }).first().click();
    const row = page.getByTestId("privacy-list").getByTestId("privacy-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("DSR-00001");
    await expect(row).toContainText("Completed");
    await expect(row).toContainText("1 of 1 done");
    await expect(page.getByRole("heading", { name: "Share answered on time, by month due" })).toBeVisible();
    await checkA11y(page);
  });

  test("an overdue request is shown first and raises an alert", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/privacy");
    await page.getByLabel("Subject's name").fill("Late Letter");
    await page.getByLabel("Subject's e-mail").fill("late@example.com");
    await page.getByTestId("privacy-log-form").getByLabel("Law", { exact: true }).selectOption("lgpd");
    await page.getByLabel("Received on").fill("2026-01-02");
    await page.getByLabel("Received by").selectOption("post");
    await page.getByRole("button", { name: "Log request" }).click();
    await expect(page.getByTestId("privacy-due-date")).toHaveText("01/17/2026");
    await expect(page.getByTestId("privacy-request-state")).toContainText("Overdue by");
    await page.goto("/privacy");
    await expect(page.getByTestId("privacy-attention").getByTestId("privacy-row")).toContainText("DSR-00001");
    await page.goto("/alerts");
    await expect(page.getByTestId("alert-row").getByText("Privacy request DSR-00001 is overdue")).toBeVisible();
  });

  test("the public request form: turned on by an owner, used without an account", async ({ page, login, browser }) => {
    await login({ plan: "pro", tenantName: "Northwind Traders" });
    await page.goto("/privacy");
    await page.getByLabel("Public request form").check();
    await page.getByLabel("Time zone").selectOption("Europe/Lisbon");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("privacy-settings-saved")).toContainText("Settings saved.");
    const link = page.getByTestId("privacy-intake-link").getByRole("link");
    await expect(link).toHaveText("/privacy-request/northwind-traders");

    const visitor = await browser.newContext({ baseURL: page.url() });
    const anon = await visitor.newPage();
    await anon.goto("/privacy-request/northwind-traders");
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText("Ask Northwind Traders about your personal data");
    await checkA11y(anon);
    await anon.getByLabel("Your name").fill("Mary Shelley");
    await anon.getByLabel("Your e-mail address").fill("mary@example.org");
    await anon.getByLabel("What are you asking for?").selectOption("access");
    await anon.getByRole("button", { name: "Send request" }).click();
    await expect(anon.getByTestId("intake-reference")).toHaveText("DSR-00001");
    await checkA11y(anon);
    await visitor.close();

    await page.goto("/privacy");
    const row = page.getByTestId("privacy-list").getByTestId("privacy-row");
    await expect(row).toContainText("Mary Shelley");
    await expect(row).toContainText("Pending");
  });

  test("works at 375 px wide", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.setViewportSize({ width: 375, height: 800 });
    await logRequest(page);
    await page.goto("/privacy");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("Privacy Guard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("log a request, extend it, complete its checklist and the request as plain form posts", async ({
    page,
    login,
  }) => {
    test.setTimeout(60_000);
    await login();
    await mapSystem(page, "Billing");
    await logRequest(page);
    await workRequest(page, "Billing");
  });
});
