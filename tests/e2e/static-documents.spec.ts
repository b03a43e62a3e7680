/**
 * Which pages ship the client runtime (app/lib/hydration.ts, decision 014): the public site, the demo and the teaser
 * pages are documents that load no hydration scripts; pages that do something with JavaScript keep them; every page
 * logs its web vitals to the console (spec §7); a client-side navigation into a static page still works.
 */
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

const STATIC_PAGES = [
  "/",
  "/pricing",
  "/blog",
  "/blog/nist-800-63b-password-rules",
  "/docs/user-guide",
  "/trust",
  "/auth-debug",
  "/demo",
  "/demo/dashboard",
  "/demo/executive",
  "/demo/phishing?risk=high",
  "/phishing",
];
const HYDRATED_PAGES = ["/contact", "/breach-check", "/login", "/signup"];

/** Opens `path`, recording every script the page requests. */
async function openRecordingScripts(page: Page, path: string) {
  const scripts: string[] = [];
  const onRequest = (r: Request) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  };
  page.on("request", onRequest);
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  return { scripts };
}

const routerExists = (page: Page) =>
  page.evaluate(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));

test.describe("static documents", () => {
  for (const path of STATIC_PAGES) {
    test(`${path} loads no hydration scripts and still logs its web vitals`, async ({ page }) => {
      const logs: string[] = [];
      page.on("console", (m) => logs.push(m.text()));
      const { scripts } = await openRecordingScripts(page, path);
      await expect.poll(() => logs.some((l) => /^\[web-vitals\] (FCP|TTFB)/.test(l)), { timeout: 10_000 }).toBe(true);
      // The only script is the web-vitals library, fetched after the load event.
      expect(scripts.filter((s) => s !== "/web-vitals.js")).toEqual([]);
      await expect(page.locator('script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
      expect(await routerExists(page)).toBe(false);
    });
  }
});

test.describe("hydrated pages", () => {
  for (const path of HYDRATED_PAGES) {
    test(`${path} hydrates`, async ({ page }) => {
      const { scripts } = await openRecordingScripts(page, path);
      expect(scripts.some((s) => s.startsWith("/build/"))).toBe(true);
      await expect.poll(() => routerExists(page)).toBe(true);
    });
  }

  test("signed in, / is the dashboard and a teaser path is the real page, both hydrated", async ({ page, login }) => {
    await login({ plan: "business" });
    for (const [path, h1] of [
      ["/", "Dashboard"],
      ["/phishing", "Phishing Analyzer"],
    ]) {
      const { scripts } = await openRecordingScripts(page, path);
      expect(
        scripts.some((s) => s.startsWith("/build/")),
        path,
      ).toBe(true);
      await expect.poll(() => routerExists(page)).toBe(true);
      await expect(page.getByRole("heading", { level: 1, name: h1, exact: true })).toBeVisible();
    }
  });

  test("a client-side navigation from a hydrated page into a static one renders it at the top and keeps routing", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect.poll(() => routerExists(page)).toBe(true);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Pricing" });
    await footerLink.scrollIntoViewIfNeeded();
    await footerLink.click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Plans and pricing" })).toBeVisible();
    // The same document (the router rendered it) and scrolled to the top, as a document load would be.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("main").getByRole("link", { name: "contact us" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
