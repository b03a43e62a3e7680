/**
 * Demo mode (spec §2, issue 4 §2): public pages with simulated data, the
 * demo banner's exact wording on every /demo path, charts with text
 * alternatives and a data table, and no serious axe violations.
 */
import { checkA11y, expect, test } from "./fixtures";

const BANNER = "DEMO MODE — simulated data, no real PII";

const PAGES = [
  { path: "/demo", title: /^Demo · Rampart$/, h1: "See Rampart with a simulated organization" },
  { path: "/demo/dashboard", title: /^Demo: Dashboard · Rampart$/, h1: "Dashboard" },
  { path: "/demo/dark-web", title: /^Demo: Dark Web Monitoring · Rampart$/, h1: "Dark Web Monitoring" },
  { path: "/demo/phishing", title: /^Demo: Phishing Analyzer · Rampart$/, h1: "Phishing Analyzer" },
  { path: "/demo/executive", title: /^Demo: Executive Dashboard · Rampart$/, h1: "Executive Dashboard" },
];

for (const page of PAGES) {
  test(`${page.path} shows the demo banner, its title and no serious axe violations`, async ({ page: p }) => {
    const response = await p.goto(page.path);
    expect(response?.status()).toBe(200);
    await expect(p).toHaveTitle(page.title);
    await expect(p.getByRole("status").filter({ hasText: "DEMO MODE" })).toHaveText(BANNER);
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(page.h1);
    await expect(p.locator("html")).toHaveAttribute("data-demo", "true");
    await expect(p.getByRole("link", { name: "Create your account" })).toHaveAttribute("href", "/signup");
    await checkA11y(p);
  });
}

test("the banner stays on every demo page when moving through the demo navigation", async ({ page }) => {
  await page.goto("/demo");
  const nav = page.getByRole("navigation", { name: "Demo" });
  for (const [link, h1] of [
    // Each demo page carries its module's route-map name (issue 32), in the navigation and the heading.
    ["Dashboard", "Dashboard"],
    ["Dark Web Monitoring", "Dark Web Monitoring"],
    ["Phishing Analyzer", "Phishing Analyzer"],
    ["Executive Dashboard", "Executive Dashboard"],
    ["Overview", "See Rampart with a simulated organization"],
  ]) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.getByRole("status").filter({ hasText: "DEMO MODE" })).toHaveText(BANNER);
    await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("the demo dashboard shows the sample security score and charts with text alternatives and a data table", async ({
  page,
}) => {
  await page.goto("/demo/dashboard");
  const score = page.locator("dl").filter({ hasText: "Security score" });
  await expect(score.locator("dd").first()).toHaveText("87");

  const trend = page.getByRole("img", {
    name: /^Risk trend From \d+ in \w+ \d{4} to \d+ in \w+ \d{4}: down \d+ \(improving\)\.$/,
  });
  await expect(trend).toBeVisible();
  const severity = page.getByRole("img", { name: /^Open findings by severity High: \d+, Medium: \d+, Low: \d+\.$/ });
  await expect(severity).toBeVisible();

  // The numbers behind the chart are one click away, as a table.
  const figure = page.locator("figure").filter({ has: severity });
  const table = figure.getByRole("table");
  await expect(table).toBeHidden();
  await figure.getByText("Show the data as a table").click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("rowheader")).toHaveText(["High", "Medium", "Low"]);

  await expect(page.getByRole("heading", { name: "Recent alerts" })).toBeVisible();
  // Severity is written, not only coloured.
  await expect(page.locator("[data-testid=dashboard-view] li").first()).toContainText(/Low|Medium|High/);
});

test("the demo executive dashboard shows HIPAA at 94% in its compliance chart and table", async ({ page }) => {
  await page.goto("/demo/executive");
  // Named as the real screen names an adopted framework (the Compliance module's framework name).
  const chart = page.getByRole("img", { name: /^Compliance by framework .*HIPAA Security Rule: 94%/ });
  await expect(chart).toBeVisible();
  await expect(page.getByRole("img", { name: /^Risk trend / })).toBeVisible();
  const figure = page.locator("figure").filter({ has: chart });
  await figure.getByText("Show the data as a table").click();
  await expect(figure.getByRole("row", { name: "HIPAA Security Rule 94%" })).toBeVisible();
  const controls = page.getByRole("table").filter({ hasText: "Evidence" });
  await expect(controls).toContainText("Compliant");
  await expect(controls).toContainText("In progress");
  await checkA11y(page);
});

test("the demo dark-web and phishing pages show simulated, reserved-domain data in both states", async ({ page }) => {
  await page.goto("/demo/dark-web");
  const identities = page.getByRole("table");
  await expect(identities).toContainText("Breached");
  await expect(identities).toContainText("Clean");
  const text = (await identities.innerText()).toLowerCase();
  for (const m of text.matchAll(/[a-z0-9._-]+@([a-z0-9.-]+)/g))
    expect(m[1]).toMatch(/(^|\.)(example\.(com|org)|[a-z0-9-]+\.test)$/);

  await page.goto("/demo/phishing");
  const body = page.locator("main");
  await expect(body).toContainText(/Detected/);
  await expect(body).toContainText(/Quarantined/);
  await expect(body).toContainText(/High/);
  // The real screen's filters work on the demo data too.
  await page.getByLabel("Risk").selectOption("high");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/risk=high/);
  const risks = await page.getByTestId("phishing-row").locator("td:nth-child(3)").allInnerTexts();
  expect(risks.length).toBeGreaterThan(0);
  for (const r of risks) expect(r).toContain("High");
});

test("demo pages fit a 375 px screen without sideways scrolling of the page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const { path } of PAGES) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expect(page.getByRole("status").filter({ hasText: "DEMO MODE" })).toHaveText(BANNER);
  }
});

test("demo pages are public and work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/demo/executive");
  await expect(page.getByRole("status").filter({ hasText: "DEMO MODE" })).toHaveText(BANNER);
  await page.getByText("Show the data as a table").first().click();
  await expect(page.getByRole("table").first()).toBeVisible();
  await context.close();
});
