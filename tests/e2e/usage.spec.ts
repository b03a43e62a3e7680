/**
 * /usage (issue 31): figures grouped by module over a chosen window, with and without JavaScript, and a quiet
 * window says so instead of showing zeros.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { checkA11y, expect, openDb, test } from "./fixtures";

const DAY = 86_400_000;

/** A message analysed `daysAgo` days ago, straight into the e2e database. */
function analysedDaysAgo(tenantId: string, daysAgo: number) {
  const db = openDb();
  try {
    db.prepare(
      "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, rationale, analysis, created_at) VALUES (?, ?, ?, 'a@example.com', 'low', 1, '[]', '{}', ?)",
    ).run(randomUUID(), tenantId, `Invoice ${randomUUID()}`, Date.now() - daysAgo * DAY);
  } finally {
    db.close();
  }
}

async function windowShown(page: Page, label: string) {
  await expect(page.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: `Activity: ${label.toLowerCase()}` })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`usage analytics ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("the window links choose what is counted; a quiet window says so", async ({ page, login }) => {
      const { tenantId } = await login({ plan: "pro" });
      await page.goto("/usage");
      await windowShown(page, "Last 30 days");
      await expect(page.getByRole("heading", { name: "No activity in the last 30 days" })).toBeVisible();
      await expect(page.getByTestId("usage-figures")).toHaveCount(0);

      analysedDaysAgo(tenantId, 40);
      await page.getByRole("link", { name: "Last 90 days" }).click();
      await expect(page).toHaveURL(/\?window=90$/);
      await windowShown(page, "Last 90 days");
      const phishing = page.locator('[data-module="/phishing"]');
      await expect(phishing.getByRole("heading", { name: "Phishing Analyzer" })).toBeVisible();
      await expect(page.getByTestId("usage-messages-analysed")).toContainText("1");
      // Modules with nothing in the window are named on one line, not shown as zeros.
      await expect(page.getByTestId("usage-quiet")).toContainText("Dark Web Monitoring");
      // Pro does not include the team modules: they are not shown at all.
      await expect(page.getByTestId("usage-quiet")).not.toContainText("Training Management");

      await page.getByRole("link", { name: "Last 7 days" }).click();
      await expect(page).toHaveURL(/\?window=7$/);
      await windowShown(page, "Last 7 days");
      await expect(page.getByRole("heading", { name: "No activity in the last 7 days" })).toBeVisible();

      await page.getByRole("link", { name: "All time" }).click();
      await windowShown(page, "All time");
      await expect(page.getByTestId("usage-messages-analysed")).toContainText("1");
      // Achievements show their progress.
      const ten = page.getByTestId("achievements").locator("li", { hasText: "Analysed 10 messages" });
      await expect(ten).toContainText("1 of 10");
      if (javaScriptEnabled) await checkA11y(page);
    });
  });
}
