/**
 * The sidebar shell (issue 3 §3): expanded, collapsed and hidden survive a reload; the 375 px drawer opens by the
 * open-menu button and closes by the overlay, the close button and Escape; the navigation items per plan are the spec's
 * labels in its order, filtered by plan; the tenant selector (with and without JavaScript); the footer.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { effectivePlan, hasFeature, type Plan } from "../../app/lib/plans";
import { expect, openDb, test } from "./fixtures";

const SPEC_NAV = [
  ["Dashboard", null],
  ["Dark Web Monitoring", null],
  ["Phishing Analyzer", null],
  ["Password Analyzer", "passwordAnalyzer"],
  ["Privacy Guard", null],
  ["Vulnerability Scan", null],
  ["Logs & Anomalies", "logsAnomalies"],
  ["Usage Analytics", "usageAnalytics"],
  ["Security Monitoring", "securityMonitoring"],
  ["Endpoint Security", "endpointSecurity"],
  ["Security Alerts", "securityAlerts"],
  ["AI Recommendations", "aiRecommendations"],
  ["Threat Hunting", "threatHunting"],
  ["Incident Response", "incidentResponse"],
  ["Executive Dashboard", "executiveDashboard"],
  ["Training Management", "teamMonitoring"],
  ["Emergency Access", "teamMonitoring"],
  ["Compliance", "teamMonitoring"],
  ["Settings", null],
] as const;

/** Clicks a sidebar-state control and waits until the preference is saved (the UI changes optimistically before). */
async function setSidebar(page: Page, name: string) {
  const saved = page.waitForResponse(
    (r) => r.url().includes("/preferences/sidebar") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name }).click();
  await saved;
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveCount(0);
}

/**
 * The dashboard's refresh timers are running (its component may hydrate a moment after the router exists,
 * once its code has loaded): only then does moving the fake clock fire them.
 */
async function dashboardRefreshing(page: Page) {
  await expect(page.locator('main[data-page="dashboard"][data-refresh="on"]')).toBeVisible({ timeout: 15_000 });
}

/** With JavaScript running the Add Organization control is a dialog button (a plain link before hydration); needs a user under the limit. */
async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: "Add Organization" })).toBeVisible();
}

const navLabels = (page: Page) =>
  page.getByTestId("sidebar").getByRole("navigation", { name: "Application" }).getByRole("link").allInnerTexts();

test.describe("desktop sidebar", () => {
  test("navigation items per plan: the spec's labels, in its order, filtered by the effective plan", async ({
    page,
    login,
  }) => {
    test.setTimeout(90_000);
    const cases: { plan: Plan; trial?: boolean }[] = [
      { plan: "free" },
      { plan: "pro" },
      { plan: "business" },
      { plan: "enterprise" },
      { plan: "free", trial: true },
    ];
    for (const c of cases) {
      await login(c);
      await page.goto("/dashboard");
      const eff = effectivePlan(c.plan, c.trial ? "active" : "none");
      const expected = SPEC_NAV.filter(([, f]) => f === null || hasFeature(eff, f)).map(([label]) => label);
      expect(
        (await navLabels(page)).map((s) => s.trim()),
        `${c.plan}${c.trial ? " + trial" : ""}`,
      ).toEqual(expected);
      await expect(page.getByTestId("effective-plan")).toHaveText(eff[0].toUpperCase() + eff.slice(1));
    }
    // free shows exactly the free modules plus Settings
    await login({ plan: "free" });
    await page.goto("/dashboard");
    expect((await navLabels(page)).map((s) => s.trim())).toEqual([
      "Dashboard",
      "Dark Web Monitoring",
      "Phishing Analyzer",
      "Privacy Guard",
      "Vulnerability Scan",
      "Settings",
    ]);
  });

  test("logo links home; a navigation item opens its page", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByRole("link", { name: "Security Alerts" }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(sidebar.getByRole("link", { name: "Security Alerts" })).toHaveAttribute("aria-current", "page");
    await sidebar.locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(sidebar).toBeVisible();
  });

  test("expanded, collapsed and hidden each survive a reload", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    await hydrated(page);
    const shell = page.locator("[data-sidebar]");
    const sidebar = page.getByTestId("sidebar");
    await expect(shell).toHaveAttribute("data-sidebar", "expanded");
    await expect(sidebar.getByText("Dark Web Monitoring")).toBeVisible();

    await setSidebar(page, "Collapse sidebar");
    await expect(shell).toHaveAttribute("data-sidebar", "collapsed");
    await page.reload();
    await expect(shell).toHaveAttribute("data-sidebar", "collapsed");
    // Collapsed to icons: the labels are the links' accessible names, not visible text.
    await expect(sidebar.getByRole("link", { name: "Dark Web Monitoring" })).toBeVisible();
    await expect(sidebar.getByText("Dark Web Monitoring")).toHaveCount(0);

    await hydrated(page);
    await setSidebar(page, "Hide sidebar");
    // It stays hidden once saved (not only until the next render).
    await page.waitForTimeout(300);
    await expect(sidebar).toHaveCount(0);
    await expect(shell).toHaveAttribute("data-sidebar", "hidden");
    await page.reload();
    await expect(shell).toHaveAttribute("data-sidebar", "hidden");
    await expect(sidebar).toHaveCount(0);
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));

    await setSidebar(page, "Show sidebar");
    await page.waitForTimeout(300);
    await expect(shell).toHaveAttribute("data-sidebar", "expanded");
    await expect(sidebar.getByText("Dark Web Monitoring")).toBeVisible();
    await page.reload();
    await expect(shell).toHaveAttribute("data-sidebar", "expanded");
    await expect(sidebar.getByText("Dark Web Monitoring")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the footer shows the e-mail, 'Admin' and a logout control that signs out", async ({ page, login }) => {
    const { email } = await login();
    await page.goto("/dashboard");
    const footer = page.getByTestId("sidebar-footer");
    await expect(footer).toContainText(email);
    await expect(footer.getByText("Admin", { exact: true })).toBeVisible();
    const logout = footer.getByRole("link", { name: "Log out" });
    await expect(logout).toHaveAttribute("href", "/api/logout");
    await logout.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("the tenant selector switches organization on change and the plan data follows", async ({ page, login }) => {
    const { userId } = await login({ plan: "enterprise" });
    const db = openDb();
    const other = randomUUID();
    db.prepare("INSERT INTO tenants (id, name, plan) VALUES (?, 'Acme (Pro)', 'pro')").run(other);
    db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'owner')").run(
      randomUUID(),
      userId,
      other,
    );
    db.close();
    await page.goto("/alerts");
    await expect(page.getByTestId("effective-plan")).toHaveText("Enterprise");
    // Switching on change needs the shell hydrated (without JavaScript the form has its own button).
    await hydrated(page);
    const select = page.getByLabel("Organization");
    // The plan suffix is stripped for display.
    await expect(select.locator("option")).toHaveText(["Personal", "Acme"]);
    await select.selectOption({ label: "Acme" });
    await expect(page.getByTestId("effective-plan")).toHaveText("Pro");
    await expect(page).toHaveURL(/\/alerts$/);
    expect((await navLabels(page)).map((s) => s.trim())).not.toContain("Threat Hunting");
    await page.reload();
    await expect(page.getByLabel("Organization")).toHaveValue(other);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the sidebar state and tenant selector work as plain forms", async ({ page, login }) => {
    const { userId } = await login({ plan: "business" });
    const db = openDb();
    const other = randomUUID();
    db.prepare("INSERT INTO tenants (id, name, plan) VALUES (?, 'Second', 'free')").run(other);
    db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'owner')").run(
      randomUUID(),
      userId,
      other,
    );
    db.close();
    await page.goto("/settings");
    await page.getByTestId("sidebar").getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(page.locator("[data-sidebar]")).toHaveAttribute("data-sidebar", "collapsed");
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByTestId("sidebar").getByRole("button", { name: "Expand sidebar" }).click();
    await expect(page.locator("[data-sidebar]")).toHaveAttribute("data-sidebar", "expanded");
    await page.getByLabel("Organization").selectOption(other);
    await page.getByRole("button", { name: "Switch" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId("effective-plan")).toHaveText("Free");
  });
});

test.describe("375 px drawer", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens by the open-menu button; closes by the overlay, the close button and Escape", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    await expect(page.getByTestId("sidebar")).toBeHidden();
    const open = page.getByRole("link", { name: "Open menu" });
    const drawer = page.getByTestId("drawer");
    await expect(drawer).toHaveCount(0);

    await open.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Password Analyzer" })).toBeVisible();
    // The overlay, outside the 288 px drawer.
    await page.getByTestId("drawer-overlay").click({ position: { x: 340, y: 400 } });
    await expect(drawer).toHaveCount(0);

    await open.click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Close menu" }).click();
    await expect(drawer).toHaveCount(0);

    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();

    // Choosing a page closes the drawer.
    await open.click();
    await drawer.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(drawer).toHaveCount(0);
    // Nothing overflows at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("live data, toasts and console (spec §8, §9)", () => {
  function countRequests(page: Page) {
    const counts = new Map<string, number>();
    // Answers, not requests: the next clock jump must not pass a request's own 30 s timeout while it is in flight.
    page.on("response", (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith("/api/")) counts.set(u.pathname, (counts.get(u.pathname) ?? 0) + 1);
    });
    return (path: string) => counts.get(path) ?? 0;
  }

  test("refresh tiers: 30 s for dashboard data, warnings and alerts; 5 min recommendations; 10 min analytics; achievements never; prefetch after 1 s", async ({
    page,
    login,
  }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await login({ plan: "pro" });
    const count = countRequests(page);
    await page.goto("/dashboard");
    await dashboardRefreshing(page);
    await page.clock.runFor(1_100);
    await expect.poll(() => count("/api/dashboard")).toBe(1);
    expect(count("/api/dashboard/data")).toBe(0);

    await page.clock.runFor(29_000);
    for (const p of ["/api/dashboard/data", "/api/usage/warnings", "/api/alerts/active"])
      await expect.poll(() => count(p), p).toBe(1);
    expect(count("/api/recommendations")).toBe(0);
    await page.clock.runFor(30_000);
    await expect.poll(() => count("/api/dashboard/data")).toBe(2);

    // Step 30 s at a time and let each refresh land: jumping minutes at once would also pass every request's own
    // 30 s timeout while the (real) network answers.
    for (let tick = 3; tick <= 20; tick++) {
      await page.clock.runFor(30_000);
      await expect.poll(() => count("/api/dashboard/data"), `tick ${tick}`).toBe(tick);
      await expect.poll(() => count("/api/alerts/active")).toBe(tick);
      // 5 min = tick 10, 10 min = tick 20 (the first 30 s tick came 1.1 s after load).
      // Polled: the tick's other answers can land a moment after the two above.
      await expect
        .poll(() => count("/api/recommendations"), `recommendations at tick ${tick}`)
        .toBe(tick >= 10 ? Math.floor(tick / 10) : 0);
      await expect.poll(() => count("/api/analytics"), `analytics at tick ${tick}`).toBe(tick >= 20 ? 1 : 0);
    }
    await expect.poll(() => count("/api/analytics")).toBe(1);
    await expect.poll(() => count("/api/recommendations")).toBe(2);
    expect(count("/api/achievements")).toBe(0);
    expect(count("/api/usage/warnings")).toBe(20);
  });

  test("a failing refresh retries (1 s, 2 s) then shows 'Connection Error'; an ended session shows 'Session Expired'", async ({
    page,
    login,
  }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    const { userId } = await login({ plan: "free" });
    let failures = 0;
    await page.route("**/api/dashboard/data", (route) => {
      failures++;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Service temporarily unavailable", code: "SERVICE_UNAVAILABLE" }),
      });
    });
    await page.goto("/dashboard");
    await dashboardRefreshing(page);
    await page.clock.runFor(30_000);
    await expect.poll(() => failures).toBe(1);
    await page.clock.runFor(1_000);
    await expect.poll(() => failures).toBe(2);
    await page.clock.runFor(2_000);
    await expect.poll(() => failures).toBe(3);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Connection Error");
    await expect(toast).toContainText("Our systems are temporarily unavailable.");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    // No fourth attempt: at most 2 retries.
    await page.clock.runFor(5_000);
    expect(failures).toBe(3);
    // The toast goes after 5 s (it was shown 5 s ago by now).
    await expect(toast).toHaveCount(0);

    await page.unroute("**/api/dashboard/data");
    const db = openDb();
    db.prepare("DELETE FROM sessions WHERE user_id = ?").run(userId);
    db.close();
    await page.clock.runFor(30_000);
    await expect(toast).toContainText("Session Expired");
    await expect(toast).toContainText("Please sign in again to continue.");
    await expect(toast).toHaveAttribute("data-variant", "default");
    await page.clock.runFor(9_000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(toast).toHaveCount(0);
  });

  test("'Loading...' while a navigation is pending", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/dashboard");
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
    await page.route("**/settings.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByTestId("sidebar").getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveCount(0);
  });

  test("unhandled rejections and errors are logged to the console and suppressed; web vitals are logged", async ({
    page,
    login,
  }) => {
    await login();
    const logs: string[] = [];
    const pageErrors: string[] = [];
    page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto("/dashboard");
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
    await page.evaluate(() => {
      void Promise.reject(new Error("rejected on purpose"));
      setTimeout(() => {
        throw new Error("thrown on purpose");
      }, 0);
    });
    await expect.poll(() => logs.join("\n")).toMatch(/error: Unhandled rejection: .*rejected on purpose/);
    await expect.poll(() => logs.join("\n")).toMatch(/error: Unhandled error: .*thrown on purpose/);
    // Navigating away makes FCP/LCP/TTFB report.
    await expect.poll(() => logs.some((l) => /\[web-vitals\] (FCP|TTFB)/.test(l))).toBe(true);
    expect(pageErrors.filter((e) => /on purpose/.test(e))).toEqual([]);
  });
});

test("a signed-in user with no organization sees 'Loading dashboard...'", async ({ page, login }) => {
  const { userId } = await login();
  const db = openDb();
  db.prepare("DELETE FROM memberships WHERE user_id = ?").run(userId);
  db.close();
  await page.goto("/dashboard");
  await expect(page.getByText("Loading dashboard...")).toBeVisible();
});
