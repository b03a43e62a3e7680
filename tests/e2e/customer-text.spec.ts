// No screen a customer sees contains a shell command, a repository path or a raw UUID (issue 32). The test signs in
// as the owner of an Enterprise organization with data in it (an alert, an incident case, a watched domain), visits
// every signed-in page (each page route file without a parameter, then every same-origin link those pages show, so
// the case, request and framework pages are reached too), and fails on any such text in what the page shows.
import fs from "node:fs";
import path from "node:path";
import { test, expect } from "./fixtures";

const SHELL = /\b(npm (run|ci|install|start)|npx|sudo|apt-get|curl -|sqlite3) /i;
const REPO_PATH = /\b(app|docs|scripts|db|tests|server|bench)\/[\w./-]*[\w-]\.(tsx?|md|js|json|sql|csv)\b/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

/** The signed-in page routes without a parameter, as URLs, read from app/routes. */
function pageRoutes(): string[] {
  return fs
    .readdirSync(path.resolve("app/routes"))
    .filter((f) => /^(_app\.|admin\.)/.test(f) && f.endsWith(".tsx") && !f.includes("$") && f !== "_app.tsx")
    .map((f) =>
      f
        .replace(/\.tsx$/, "")
        .replace(/^_app\./, "")
        .replace(/(^|\.)_index$/, "")
        .split(".")
        .map((s) => s.replace(/_$/, ""))
        .join("/"),
    )
    .map((p) => `/${p}`);
}

// Links that sign out, download files or lead off the signed-in app.
const SKIP =
  /^\/(api|logout|login|signup|demo|blog|docs|pricing|features|about|contact|terms|privacy-policy|trust)\b|\.(csv|json|md|txt|xml)(\?|$)|\/markdown$/;

test("every signed-in page shows a customer no shell command, repository path or UUID", async ({ page, login }) => {
  test.setTimeout(240_000);
  await login({ plan: "enterprise" });
  // Data, so that pages list rows and the pages behind them exist.
  const alert = await page.request.post("/__test/raise-alert", {
    form: { source: "test", severity: "high", title: "Crawl alert", entity: "198.51.100.7" },
  });
  expect(alert.status()).toBe(201);
  const incident = await page.request.post("/api/incidents", {
    data: { title: "Crawl case", severity: "high" },
  });
  expect(incident.status()).toBe(201);
  await page.goto("/dark-web-monitoring");
  await page.getByLabel("E-mail address or domain", { exact: true }).fill("crawl.example.test");
  await page.getByRole("button", { name: "Add to watchlist" }).click();
  await expect(page.getByTestId("pending-domain")).toHaveCount(1);

  const queue = pageRoutes();
  const seen = new Set(queue);
  const problems: string[] = [];
  for (let i = 0; i < queue.length && i < 150; i++) {
    const url = queue[i];
    const response = await page.goto(url);
    if (!response || response.status() >= 500) problems.push(`${url}: status ${response?.status()}`);
    const text = await page.locator("body").innerText();
    for (const [what, re] of [
      ["shell command", SHELL],
      ["repository path", REPO_PATH],
      ["UUID", UUID],
    ] as const) {
      const m = text.match(re);
      if (m) {
        const at = m.index ?? 0;
        problems.push(`${url}: ${what} in "${text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, " ")}"`);
      }
    }
    const hrefs = await page.locator("a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    for (const href of hrefs) {
      const u = new URL(href, "http://x");
      const next = u.pathname;
      if (SKIP.test(next) || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  expect(queue.length).toBeGreaterThan(30);
  expect(problems).toEqual([]);
});
