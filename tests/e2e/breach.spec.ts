// The public breach check and dark web monitoring, against the built app and
// breaches imported with the real script (npm run import:breach) into the e2e database.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_DB } from "../../playwright.config";
import { checkA11y, expect, test } from "./fixtures";

function importBreach(file: string): string {
  // As `npm run import:breach` runs it: the asset loader lets the script load modules that import an SVG or CSS file.
  return execFileSync(
    "node",
    ["--import", "tsx", "--import", "./scripts/asset-imports.ts", "scripts/import-breach.ts", file],
    {
      env: { ...process.env, DATABASE_URL: E2E_DB },
      encoding: "utf8",
    },
  );
}

function breachFile(name: string, accounts: string[], extra: Record<string, unknown> = {}) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-breach-")), `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      Name: name,
      Title: `Breach ${name}`,
      BreachDate: "2025-04-01",
      DataClasses: ["Email addresses", "Passwords"],
      IsVerified: true,
      accounts,
      ...extra,
    }),
  );
  return file;
}

test.beforeAll(() => {
  // Idempotent: every worker may run it; the second run adds nothing.
  importBreach(path.resolve("db/seed/breaches/example-shop.json"));
});

test.describe("public breach check", () => {
  test("an exposed address lists its breach, data classes and advice; a clean one says so", async ({ page }) => {
    await page.goto("/breach-check");
    await expect(page.getByRole("heading", { level: 1, name: "Has your data been in a breach?" })).toBeVisible();
    await page.getByLabel("E-mail address", { exact: true }).fill("alice@example.com");
    await page.getByRole("button", { name: "Check e-mail" }).click();
    const result = page.getByTestId("email-result");
    await expect(result.getByText(/Found in \d+ breach/)).toBeVisible();
    const card = result.getByTestId("breach-card").filter({ hasText: "Example Shop" });
    await expect(card.getByRole("heading", { name: "Example Shop" })).toBeVisible();
    await expect(
      card.getByRole("list", { name: "Exposed data" }).getByText("Passwords", { exact: true }),
    ).toBeVisible();
    await expect(card.getByText(/Change the password of this account.*multi-factor authentication/)).toBeVisible();
    await checkA11y(page);

    await page
      .getByLabel("E-mail address", { exact: true })
      .fill("nobody-" + randomUUID().slice(0, 6) + "@example.com");
    await page.getByRole("button", { name: "Check e-mail" }).click();
    await expect(result.getByText("Good news: no breach found.")).toBeVisible();
  });

  test("shows a field error for an invalid address", async ({ page }) => {
    await page.goto("/breach-check");
    await page.getByLabel("E-mail address", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Check e-mail" }).click();
    await expect(page.getByText(/Enter a valid e-mail address/)).toBeVisible();
    await expect(page.getByLabel("E-mail address", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("the password check sends only the hash prefix with JavaScript", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url() + " " + (r.postData() ?? "")));
    await page.goto("/breach-check");
    // Typed before the page has hydrated, the password would go to the server-side check (the no-JavaScript path).
    await expect(page.locator('form[aria-label="Password breach check"][data-hydrated="true"]')).toHaveCount(1, {
      timeout: 15_000,
    });
    await page.getByLabel("Password", { exact: true }).fill("123456");
    await page.getByRole("button", { name: "Check password" }).click();
    await expect(page.getByTestId("password-result")).toContainText("Breached password");
    // SHA-1("123456") = 7C4A8D09...; only 7C4A8 leaves the browser.
    expect(requests.some((r) => r.includes("/api/pwned/range/7C4A8"))).toBe(true);
    expect(requests.join("\n")).not.toContain("123456");
    expect(await page.content()).not.toContain("123456");
  });
});

test.describe("public breach check without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post and answer on the server", async ({ page }) => {
    await page.goto("/breach-check");
    await page.getByLabel("E-mail address", { exact: true }).fill("Bob@Example.com");
    await page.getByRole("button", { name: "Check e-mail" }).click();
    await expect(page.getByTestId("breach-card").filter({ hasText: "Example Shop" })).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("123456");
    await page.getByRole("button", { name: "Check password" }).click();
    await expect(page.getByTestId("password-result")).toContainText("Breached password");
    expect(await page.content()).not.toContain("123456");
  });
});

test.describe("dark web monitoring", () => {
  test("a watched address turns breached after an import, alerts, and can be resolved", async ({ page, login }) => {
    // Pro rather than free only so that the sidebar's "organization limit reached" link (another module) is not on the page.
    const { tenantId } = await login({ plan: "pro" });
    const address = `watch-${randomUUID().slice(0, 8)}@example.test`;
    await page.goto("/dark-web-monitoring");
    await expect(page.getByRole("heading", { level: 1, name: "Dark Web Monitoring" })).toBeVisible();
    await page.getByLabel("E-mail address or domain", { exact: true }).fill(address);
    await page.getByRole("button", { name: "Add to watchlist" }).click();
    await expect(
      page.getByRole("region", { name: "Watch an e-mail address or domain" }).getByRole("status"),
    ).toContainText(`Now watching ${address}. It is not in any imported breach`);
    const row = page.getByTestId("identity-row").filter({ hasText: address });
    await expect(row).toHaveAttribute("data-status", "clean");
    await checkA11y(page);

    const name = `E2E-${randomUUID().slice(0, 8)}`;
    const file = breachFile(name, [address, "someone-else@example.test"]);
    expect(importBreach(file)).toMatch(/1 new exposure\(s\) across 1 tenant/);
    // A second import of the same breach alerts nobody.
    expect(importBreach(file)).toMatch(/0 new exposure\(s\)/);

    await page.reload();
    await expect(row).toHaveAttribute("data-status", "breached");
    await expect(row).toContainText(`Breach ${name}`);
    await expect(row.getByText("High")).toBeVisible();

    const alerts = await page.request.get("/api/alerts/active", { headers: { "X-Tenant-Id": tenantId } });
    expect(alerts.ok()).toBe(true);
    const body = JSON.stringify(await alerts.json());
    expect(body.split(`${address} found in the Breach ${name} breach`).length - 1).toBe(1);

    const exposure = page.getByTestId("exposure").filter({ hasText: `Breach ${name}` });
    await exposure.getByRole("button", { name: /Mark resolved/ }).click();
    await expect(exposure).toHaveAttribute("data-status", "resolved");
    await expect(row).toHaveAttribute("data-status", "clean");
  });

  test("a domain waits for its DNS verification, and the page works at 375 px", async ({ page, login }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await login({ plan: "free" });
    const domain = `d${randomUUID().slice(0, 8)}.example.test`;
    await page.goto("/dark-web-monitoring");
    await page.getByLabel("E-mail address or domain", { exact: true }).fill(domain);
    await page.getByRole("button", { name: "Add to watchlist" }).click();
    await expect(
      page.getByRole("region", { name: "Watch an e-mail address or domain" }).getByRole("status"),
    ).toContainText("Prove that your organization controls it by publishing the DNS TXT record");
    await expect(page.getByTestId("identity-card").filter({ hasText: domain })).toContainText(
      "awaiting verification that your organization controls",
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page);
  });
});
