import { randomUUID } from "node:crypto";
import { test, expect, checkA11y } from "./fixtures";

// "trustno1" is in the test corpus the suite's server imports (start-server.ts); the other is unique to this run.
const BREACHED = "trustno1";
const uniqueStrong = () => `Quixotic-Lantern-${randomUUID().slice(0, 8)}-Sleet`;

test.describe("password analyzer with JavaScript", () => {
  test("analyzes in the browser and sends only a 5-character hash prefix", async ({ page, login }) => {
    await login({ plan: "pro" });
    const sent: { url: string; body: string | null }[] = [];
    page.on("request", (r) => sent.push({ url: r.url(), body: r.postData() }));
    await page.goto("/password");
    await expect(page.getByRole("heading", { name: "Password Analyzer", level: 1 })).toBeVisible();
    await expect(page.getByTestId("privacy-note")).toContainText("only the first 5 of the 40 hexadecimal characters");

    const field = page.getByLabel("Password", { exact: true });
    await field.fill(BREACHED);
    await expect(page.getByTestId("strength")).toContainText("Strength: Very weak");
    await expect(page.getByTestId("breach-result")).toContainText("Found in data breaches");
    expect(Number((await page.getByTestId("breach-count").innerText()).replace(/,/g, ""))).toBeGreaterThan(0);
    await expect(page.getByTestId("policy-verdict")).toContainText("Does not meet the password policy");
    await expect(page.getByTestId("crack-times")).toContainText("Offline attack, fast hash");

    const strong = uniqueStrong();
    await field.fill(strong);
    await expect(page.getByTestId("strength")).toContainText("Strength: Very strong");
    await expect(page.getByTestId("breach-result")).toContainText("Not found in the breach data Rampart holds");
    await expect(page.getByTestId("policy-verdict")).toContainText("Meets the password policy");
    // Submitting with JavaScript does not post the password either.
    await page.getByRole("button", { name: "Analyze password" }).click();
    await expect(page.getByTestId("policy-verdict")).toContainText("Meets the password policy");

    const ranges = sent.filter((s) => s.url.includes("/api/pwned/range/"));
    expect(ranges.length).toBeGreaterThanOrEqual(2);
    for (const r of ranges) {
      expect(new URL(r.url).pathname).toMatch(/^\/api\/pwned\/range\/[0-9A-F]{5}$/);
      expect(r.body).toBeNull();
    }
    for (const s of sent) {
      expect(s.url).not.toContain(strong);
      expect(s.url).not.toContain(BREACHED);
      expect(s.body ?? "").not.toContain(strong);
      expect(s.body ?? "").not.toContain(BREACHED);
    }
    expect(await page.content()).not.toContain(strong);
    await checkA11y(page);
  });

  test("works at 375 px wide by keyboard", async ({ page, login }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await login({ plan: "business" });
    await page.goto("/password");
    const field = page.getByLabel("Password", { exact: true });
    await field.focus();
    await page.keyboard.type("qwerty123");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("breach-result")).toContainText("Found in data breaches");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("password analyzer without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts to the server, shows the same analysis and never returns the password", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/password");
    await expect(page.getByTestId("privacy-note")).toContainText("Without JavaScript");
    await page.getByLabel("Password", { exact: true }).fill(BREACHED);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/password"),
      page.getByRole("button", { name: "Analyze password" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain(BREACHED);
    await expect(page.getByTestId("strength")).toContainText("Strength: Very weak");
    await expect(page.getByTestId("breach-result")).toContainText("Found in data breaches");
    await expect(page.getByTestId("policy-verdict")).toContainText("Does not meet the password policy");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    expect(await page.content()).not.toContain(BREACHED);

    const strong = uniqueStrong();
    await page.getByLabel("Password", { exact: true }).fill(strong);
    await page.getByRole("button", { name: "Analyze password" }).click();
    await expect(page.getByTestId("breach-result")).toContainText("Not found in the breach data Rampart holds");
    await expect(page.getByTestId("strength")).toContainText("Strength: Very strong");
    expect(await page.content()).not.toContain(strong);
    // (axe-core needs JavaScript; the page with results is checked in the JavaScript test above.)
  });
});

test.describe("password analyzer gating", () => {
  test("the free plan sees the upgrade banner", async ({ page, login }) => {
    await login({ plan: "free" });
    await page.goto("/password");
    await expect(page.getByText("This feature requires Pro plan or higher")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  });

  test("signed-out visitors see the teaser", async ({ page }) => {
    await page.goto("/password");
    await expect(page.getByTestId("teaser-page")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  });
});

test("the range API answers in the Pwned Passwords format", async ({ request }) => {
  const res = await request.get("/api/pwned/range/5baa6", { headers: { "Add-Padding": "true" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const lines = (await res.text()).split("\r\n");
  expect(lines.length).toBeGreaterThanOrEqual(800);
  expect(lines.length).toBeLessThanOrEqual(1000);
  expect(lines.some((l) => l.startsWith("1E4C9B93F3F0682250B6CF8331B7EE68FD8:") && !l.endsWith(":0"))).toBe(true);
  const bad = await request.get("/api/pwned/range/xyz");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).code).toBe("VALIDATION_ERROR");
});
