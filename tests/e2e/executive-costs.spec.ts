/**
 * Issue 31: an owner enters tool costs and an hourly rate on /executive and sees the monthly savings with the
 * formula's numbers; errors keep what was typed; the printed report has the formula, not the form. Run with and
 * without JavaScript (the form is a plain post that Remix submits in place when scripts run).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, openDb, checkA11y } from "./fixtures";

/** Twelve messages analysed today: the phishing tool is in use and saved 12 × 10 min = 2 hours. */
function analyseTwelve(tenantId: string) {
  const db = openDb();
  try {
    const insert = db.prepare(
      "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, size_bytes, created_at) VALUES (?, ?, ?, 'x@example.net', 'low', 5, 'detected', '[]', '{}', 10, ?)",
    );
    for (let i = 0; i < 12; i++) insert.run(randomUUID(), tenantId, `Invoice ${i}`, Date.now());
  } finally {
    db.close();
  }
}

async function enterCosts(page: Page) {
  await page.goto("/executive");
  const formula = page.getByTestId("savings-formula");
  await expect(page.getByText("Not estimated", { exact: true })).toBeVisible();
  await expect(formula).toContainText("Not estimated: no tool cost or hourly rate has been entered yet.");
  const form = page.getByRole("region", { name: "Your costs" });
  await form.getByLabel("Hourly rate of staff time").fill("fifty");
  await form.getByLabel("Phishing analysis", { exact: true }).fill("100");
  await form.getByRole("button", { name: "Save costs" }).click();
  await expect(form.getByRole("alert")).toHaveText("Enter the hourly rate as a number with at most 2 decimals.");
  // What was typed is still there beside the error, and nothing was estimated.
  await expect(form.getByLabel("Phishing analysis", { exact: true })).toHaveValue("100");
  await expect(page.getByText("Not estimated", { exact: true })).toBeVisible();

  await form.getByLabel("Hourly rate of staff time").fill("50");
  await form.getByRole("button", { name: "Save costs" }).click();
  await expect(form.getByRole("status")).toHaveText("Costs saved. The savings above use them.");
  // 100 a month for the phishing tool + 2 hours × 50 = 200.
  await expect(formula.getByTestId("savings-words")).toHaveText(
    "Tools in use with a cost: Phishing analysis $100.00 = $100.00. Time: 2 hours × $50.00 an hour = $100.00. Total: $200.00 a month.",
  );
  await expect(page.getByRole("definition").filter({ hasText: "$200.00" })).toBeVisible();
}

test("an owner enters tool costs and an hourly rate and sees the monthly savings", async ({ page, login }) => {
  const { tenantId } = await login({ plan: "business" });
  analyseTwelve(tenantId);
  await enterCosts(page);
  await checkA11y(page);
  // The printed report has the formula and the figures, not the form.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("savings-formula")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your costs" })).toBeHidden();
});

test.describe("executive costs without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cost form is a plain form post; errors keep what was typed", async ({ page, login }) => {
    const { tenantId } = await login({ plan: "business" });
    analyseTwelve(tenantId);
    await enterCosts(page);
  });
});
