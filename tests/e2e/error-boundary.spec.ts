/**
 * The spec's full-page error screen (spec §2, issue 3 §1), triggered through /__test/error, which exists only when
 * the server runs with RAMPART_TEST_ROUTES=1 (the e2e config sets it); a server started without it answers 404.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { expect, test } from "./fixtures";

const TEXT = "A security component encountered an unexpected error. Our threat detection systems are investigating.";

async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
}

async function expectErrorScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Component Error Detected");
  await expect(page.getByText(TEXT, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry Component" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload Application" })).toBeVisible();
  const contact = page.getByRole("link", { name: "contact our security team" });
  await expect(contact).toHaveAttribute("href", "mailto:security@rampart.example.com");
}

test("the error screen: exact wording, contact link, 'Retry Component' recovers without a reload", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`/__test/error?key=${randomUUID()}`);
  expect(response?.status()).toBe(500);
  await expectErrorScreen(page);
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.getByRole("button", { name: "Retry Component" }).click();
  await expect(page.getByRole("heading", { name: "Recovered" })).toBeVisible();
  await expect(page.getByText("Component Error Detected")).toHaveCount(0);
  // Same document: the marker survived, so there was no reload.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  // Unhandled errors do not escape as page errors.
  expect(errors).toEqual([]);
});

test("'Reload Application' reloads the page", async ({ page }) => {
  await page.goto(`/__test/error?key=${randomUUID()}`);
  await expectErrorScreen(page);
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Reload Application" }).click();
  await reloaded;
  // A new document (the marker is gone); the route renders normally the second time for this key.
  await expect(page.getByRole("heading", { name: "Recovered" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});

test("the error screen also shows signed in and passes with keyboard focus on its actions", async ({ page, login }) => {
  await login();
  await page.goto(`/__test/error?key=${randomUUID()}`);
  await expectErrorScreen(page);
  await hydrated(page);
  await page.getByRole("button", { name: "Retry Component" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Recovered" })).toBeVisible();
});

test("without RAMPART_TEST_ROUTES the test route answers 404", async ({ request }) => {
  test.setTimeout(60_000);
  const dir = path.resolve(`tests/.tmp-e2e-off-${randomUUID().slice(0, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  const port = 3400 + Math.floor(Math.random() * 500);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: path.join(dir, "rampart.db"),
    SESSION_SECRET: E2E_SESSION_SECRET,
    NODE_ENV: "production",
  };
  delete env.RAMPART_TEST_ROUTES;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { env, stdio: "ignore" });
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect(async () => {
      expect((await request.get(`${base}/healthz`)).ok()).toBe(true);
    }).toPass({ timeout: 30_000 });
    const off = await request.get(`${base}/__test/error?key=x`);
    expect(off.status()).toBe(404);
    expect(await off.text()).toContain("Page not found");
    expect(await off.text()).not.toContain("Component Error Detected");
  } finally {
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
