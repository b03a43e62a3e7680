import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, openDb } from "./fixtures";

// Issue 32: one date format per locale. The browser's Accept-Language picks the locale (negotiated by the root
// loader), the organization's time zone the day; server render and hydration must write the same text.

/** An alert raised at `at` for the tenant. */
function raiseAlert(tenantId: string, title: string, at: number) {
  const db = openDb();
  try {
    db.prepare(
      "INSERT INTO alerts (id, tenant_id, source, severity, title, status, created_at) VALUES (?, ?, 'breach', 'high', ?, 'active', ?)",
    ).run(randomUUID(), tenantId, title, at);
  } finally {
    db.close();
  }
}

function setTimeZone(tenantId: string, zone: string) {
  const db = openDb();
  try {
    db.prepare("UPDATE tenants SET time_zone = ? WHERE id = ?").run(zone, tenantId);
  } finally {
    db.close();
  }
}

const HYDRATION_PROBLEM =
  /hydrat|did not match|does not match|server-rendered HTML|Minified React error #(418|419|421|422|423|425)/i;

function collectHydrationWarnings(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (HYDRATION_PROBLEM.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (HYDRATION_PROBLEM.test(e.message)) problems.push(e.message);
  });
  return problems;
}

/**
 * Waits until React has hydrated `selector`'s element (React marks hydrated nodes with its fiber) and the browser then
 * had nothing left to run (an idle callback: React reports a hydration mismatch while committing, before that).
 */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return el !== null && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
    },
    selector,
    { timeout: 20_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5_000 })));
}

test.describe("German browser", () => {
  test.use({ locale: "de-DE", timezoneId: "America/Los_Angeles" });

  test("a signed-in page shows German dates in the organization's time zone, with no hydration warning", async ({
    page,
    login,
  }) => {
    const { tenantId } = await login({ plan: "business" });
    // 16 January 2026, 20:00 UTC is already 17 January in Tokyo (and still the 16th in the browser's Los Angeles).
    setTimeZone(tenantId, "Asia/Tokyo");
    raiseAlert(tenantId, "Locale probe alert", Date.UTC(2026, 0, 16, 20, 0));
    const problems = collectHydrationWarnings(page);

    await page.goto("/alerts");
    const row = page.getByRole("row").filter({ hasText: "Locale probe alert" });
    await expect(row.locator("time").last()).toHaveText("17.01.2026");
    await hydrated(page, "main time");
    expect(problems).toEqual([]);
    // The browser's render agrees with the server's: the text stays.
    await expect(row.locator("time").last()).toHaveText("17.01.2026");
  });
});

test.describe("US browser", () => {
  test.use({ locale: "en-US" });

  test("the same page shows the US format", async ({ page, login }) => {
    const { tenantId } = await login({ plan: "business" });
    raiseAlert(tenantId, "Locale probe alert", Date.UTC(2026, 0, 17, 10, 0));
    const problems = collectHydrationWarnings(page);

    await page.goto("/alerts");
    const row = page.getByRole("row").filter({ hasText: "Locale probe alert" });
    await expect(row.locator("time").last()).toHaveText("01/17/2026");
    await hydrated(page, "main time");
    expect(problems).toEqual([]);
  });
});
