// Issue 32: the phishing verdict rendered below the fold with no scroll or focus move. On a phone
// the person pressed "Analyze message" and saw nothing change.
import path from "node:path";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

test.setTimeout(90_000);

const PHISH = fs.readFileSync(path.resolve("app/modules/phishing/fixtures/phishing/02-paypa1-limited.eml"), "utf8");

async function headingInView(page: Page) {
  return page.getByRole("heading", { name: "Verdict" }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

test.describe("the phishing verdict comes into view", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("with JavaScript: focus moves to the verdict heading", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/phishing");
    await page.getByLabel("Message source").fill(PHISH);
    await page.getByRole("button", { name: "Analyze message" }).click();
    // The analysis runs in a worker pool: on a busy 2-core machine it takes seconds.
    await expect(page.getByTestId("phishing-verdict")).toHaveAttribute("data-risk", "high", { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Verdict" })).toBeFocused();
    await expect.poll(() => headingInView(page)).toBe(true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the answer page opens at the verdict", async ({ page, login }) => {
      await login({ plan: "pro" });
      await page.goto("/phishing");
      await page.getByLabel("Message source").fill(PHISH);
      await page.getByRole("button", { name: "Analyze message" }).click();
      // The analysis runs in a worker pool: on a busy 2-core machine it takes seconds.
      await expect(page.getByTestId("phishing-verdict")).toHaveAttribute("data-risk", "high", { timeout: 30_000 });
      expect(new URL(page.url()).hash).toBe("#verdict-heading");
      await expect.poll(() => headingInView(page)).toBe(true);
    });
  });
});

// Issue 32: alert titles link to their source object.
test("an alert's title opens the analysed message it is about", async ({ page, login }) => {
  await login({ plan: "business" });
  await page.goto("/phishing");
  await page.getByLabel("Message source").fill(PHISH);
  await page.getByRole("button", { name: "Analyze message" }).click();
  // The analysis runs in a worker pool: on a busy 2-core machine it takes seconds.
  await expect(page.getByTestId("phishing-verdict")).toHaveAttribute("data-risk", "high", { timeout: 30_000 });
  const id = await page.getByTestId("phishing-row").first().getAttribute("data-id");

  await page.goto("/alerts");
  await page.getByTestId("alert-source-link").filter({ hasText: "Your account has been limited" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/phishing#message-${id}$`));
  await expect(page.locator(`#message-${id}`)).toContainText("Your account has been limited");
});
