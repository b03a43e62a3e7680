/**
 * Trial status polled (issue 31; docs/api.md, "The browser client"): the dashboard asks /api/trial/status on the
 * IMPORTANT tier (5 minutes) while visible, and the shell's plan line shows each answer, so a trial that ends while
 * the dashboard is open says so without a reload. The clock is driven as in shell.spec.ts's refresh-tier test.
 */
import type { Page } from "@playwright/test";
import { expect, openDb, test } from "./fixtures";

function countResponses(page: Page) {
  const counts = new Map<string, number>();
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/")) counts.set(u.pathname, (counts.get(u.pathname) ?? 0) + 1);
  });
  return (path: string) => counts.get(path) ?? 0;
}

test("the dashboard polls the trial every 5 minutes and shows when it ends, without a reload", async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const { tenantId } = await login({ plan: "free", trial: true });
  const count = countResponses(page);
  await page.goto("/dashboard");
  await expect(page.locator('main[data-page="dashboard"][data-refresh="on"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("effective-plan")).toHaveText("Enterprise");
  await expect(page.getByTestId("trial-status")).toHaveText(" (trial, 14 days left)");
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // Step 30 s at a time, letting each CRITICAL refresh land (as shell.spec.ts does).
  for (let tick = 1; tick <= 10; tick++) {
    if (tick === 9) {
      // The trial ends while the page is open.
      const db = openDb();
      try {
        db.prepare("UPDATE trials SET ends_at = ? WHERE tenant_id = ?").run(Date.now() - 1_000, tenantId);
      } finally {
        db.close();
      }
    }
    await page.clock.runFor(30_000);
    await expect.poll(() => count("/api/dashboard/data"), `tick ${tick}`).toBe(tick);
    await expect.poll(() => count("/api/trial/status"), `trial status at tick ${tick}`).toBe(tick >= 10 ? 1 : 0);
  }
  await expect(page.getByTestId("trial-status")).toHaveText(" (trial ended)");
  await expect(page.getByTestId("effective-plan")).toHaveText("Free");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Another 5 minutes: one more poll, not more.
  for (let tick = 11; tick <= 20; tick++) {
    await page.clock.runFor(30_000);
    await expect.poll(() => count("/api/usage/warnings"), `tick ${tick}`).toBe(tick);
  }
  await expect.poll(() => count("/api/trial/status")).toBe(2);
});

test("without a trial the plan line has no trial note and the API says so", async ({ page, login }) => {
  await login({ plan: "pro" });
  await page.goto("/dashboard");
  await expect(page.getByTestId("effective-plan")).toHaveText("Pro");
  await expect(page.getByTestId("trial-status")).toHaveCount(0);
  const res = await page.request.get("/api/trial/status");
  expect(await res.json()).toEqual({ status: "none", endsAt: null, daysLeft: null });
});
