// Issue 30: with the feeds off and nothing imported, no page gives an all-clear. This spec runs its own server on a
// fresh database (the suite's shared server has a test corpus and imported breaches), signed in as an Enterprise owner.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness";

let server: RunningServer;
let db: { dir: string; file: string };
let cookie: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await ensureBuild();
  db = freshDatabase("rampart-no-all-clear-");
  ({ cookie } = await seedAccount(db.file, { plan: "enterprise" }));
  server = await startServer({ dbFile: db.file, env: { RAMPART_FEEDS: "off", HIBP_SYNC: "0" }, quietLog: true });
});

test.afterAll(async () => {
  await server?.stop("SIGKILL");
  if (db) fs.rmSync(db.dir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: server.url }]);
}

/** Words that would read as an all-clear anywhere on the page (filter menus' option labels aside). */
async function expectNoAllClear(page: Page) {
  const text = await page.locator("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll("select, script, style")) el.remove();
    return copy.textContent ?? "";
  });
  expect(text).not.toMatch(/\bClean\b/);
  expect(text).not.toMatch(/\b0 findings\b/);
  expect(text).not.toMatch(/No open findings/);
  expect(text).not.toMatch(/Not found in/);
  expect(text).not.toMatch(/Good news/);
}

test("dark web monitoring: a watched address is 'Not checked', never 'Clean'", async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/dark-web-monitoring`);
  await expect(page.getByTestId("no-breach-data")).toContainText("Not checked: no breach data has been loaded yet");
  await page
    .getByRole("textbox", { name: "E-mail address or domain" })
    .fill(`watch-${randomUUID().slice(0, 6)}@example.com`);
  await page.getByRole("button", { name: "Add to watchlist" }).click();
  await expect(page.getByRole("region", { name: /Watch an e-mail address/ }).getByRole("status")).toContainText(
    "Not checked yet",
  );
  const row = page.getByTestId("identity-row");
  await expect(row).toHaveAttribute("data-status", "not-checked");
  await expect(row).toContainText("Not checked");
  await expectNoAllClear(page);
});

test("vulnerability: a findings-free lockfile is 'Not checked', never '0 findings'", async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/vulnerability`);
  await expect(page.getByTestId("osv-coverage")).toContainText(
    "Not checked: the advisory database has not been downloaded yet",
  );
  await page.getByText("Or paste the file's content").click();
  await page.getByRole("textbox", { name: "File name" }).fill("requirements.txt");
  await page.getByRole("textbox", { name: "Content" }).fill("attrs==23.1.0\nsix==1.16.0\n");
  await page.getByRole("button", { name: "Scan dependencies" }).click();
  await expect(page.getByTestId("scan-result")).toHaveAttribute("data-status", "not-checked");
  await expect(page.getByTestId("scan-result")).toContainText("Not checked");
  await expect(page.getByTestId("project-summary")).toContainText("Not checked");
  await expectNoAllClear(page);
});

test("breach check: neither the address nor the password gets an all-clear", async ({ page }) => {
  await page.goto(`${server.url}/breach-check`);
  await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill("someone@example.com");
  await page.getByRole("button", { name: "Check e-mail" }).click();
  await expect(page.getByTestId("email-result")).toContainText("No breach data has been imported yet");
  await expect(page.locator('form[aria-label="Password breach check"][data-hydrated="true"]')).toHaveCount(1, {
    timeout: 15_000,
  });
  await page.getByLabel("Password", { exact: true }).fill(`Unusual-${randomUUID()}`);
  await page.getByRole("button", { name: "Check password" }).click();
  await expect(page.getByTestId("password-result")).toContainText("Not checked against breach data");
  await expectNoAllClear(page);
});

test("password analyzer: the breach part says 'not checked against breach data', and there is no policy pass", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${server.url}/password`);
  await page.getByLabel("Password", { exact: true }).fill(`Quixotic-Lantern-${randomUUID().slice(0, 8)}-Sleet`);
  await expect(page.getByTestId("breach-result")).toContainText("Not checked against breach data");
  await expect(page.getByText("No verdict: the policy needs the breach check")).toBeVisible();
  await expect(page.getByText("Meets the password policy")).toHaveCount(0);
  await expectNoAllClear(page);
});
