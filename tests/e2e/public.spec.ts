/**
 * The public marketing site (issue 4 §1): every public page renders with its
 * own title, one h1, a description and a canonical URL, and passes axe; the
 * signed-in pages outside the shell redirect signed-out visitors; pricing and
 * features come from the plan table; the contact form works with and without
 * JavaScript (field errors, honeypot, rate limit); sitemap and robots.
 */
import { APP_ROUTES } from "../../app/lib/app-routes";
import { BUSINESS_PRICING_BANNER, FEATURES, lowestPlanWith, PLAN_DISPLAY_NAME } from "../../app/lib/plans";
import { featureName } from "../../app/modules/marketing/module-status";
import { checkA11y, expect, openDb, test } from "./fixtures";

const PUBLIC_PAGES: { path: string; title: RegExp }[] = [
  { path: "/", title: /^Rampart — security monitoring for people and organizations$/ },
  { path: "/pricing", title: /^Pricing · Rampart$/ },
  { path: "/about", title: /^About Rampart$/ },
  { path: "/blog", title: /^Blog · Rampart$/ },
  { path: "/blog/nist-800-63b-password-rules", title: /^What NIST SP 800-63B actually asks of passwords · Rampart$/ },
  {
    path: "/blog/spf-dkim-dmarc-explained",
    title: /^Reading an e-mail's authentication results: SPF, DKIM and DMARC · Rampart$/,
  },
  {
    path: "/blog/k-anonymity-password-checks",
    title: /^Checking a password against breaches without sending it anywhere · Rampart$/,
  },
  { path: "/case-studies", title: /^Scenarios · Rampart$/ },
  { path: "/contact", title: /^Contact · Rampart$/ },
  { path: "/demo-materials", title: /^Demo materials · Rampart$/ },
  { path: "/cyber-solutions", title: /^Cyber security solutions · Rampart$/ },
  { path: "/privacy-policy", title: /^Privacy policy · Rampart$/ },
  { path: "/terms", title: /^Terms of service · Rampart$/ },
  { path: "/acceptable-use", title: /^Acceptable use policy · Rampart$/ },
  { path: "/trust", title: /^Trust and security · Rampart$/ },
  { path: "/auth-debug", title: /^Authentication debug · Rampart$/ },
  { path: "/docs", title: /^Documentation · Rampart$/ },
  { path: "/docs/user-guide", title: /^User guide · Rampart$/ },
  { path: "/docs/operations", title: /^Operating Rampart$/ },
  { path: "/docs/api", title: /^Rampart HTTP API$/ },
  { path: "/resources", title: /^Resources · Rampart$/ },
  { path: "/cybersecurity-best-practices", title: /^Cybersecurity best practices · Rampart$/ },
  { path: "/dark-web-threat-intelligence", title: /^Dark web threat intelligence · Rampart$/ },
  { path: "/phishing-defense", title: /^Phishing defence · Rampart$/ },
  { path: "/privacy-compliance", title: /^Privacy compliance deadlines · Rampart$/ },
];

const SIGNED_IN_PAGES: { path: string; title: RegExp; h1: string }[] = [
  { path: "/manufacturing", title: /^Security for manufacturing · Rampart$/, h1: "Security for manufacturing" },
  { path: "/finance", title: /^Security for financial services · Rampart$/, h1: "Security for financial services" },
  {
    path: "/retail",
    title: /^Security for retail and e-commerce · Rampart$/,
    h1: "Security for retail and e-commerce",
  },
  { path: "/healthcare", title: /^Security for healthcare · Rampart$/, h1: "Security for healthcare" },
  { path: "/features", title: /^Features · Rampart$/, h1: "Every module and the plan it needs" },
  { path: "/auth0-setup", title: /^Connect an identity provider · Rampart$/, h1: "Connect an identity provider" },
];

test.describe("public pages", () => {
  for (const { path, title } of PUBLIC_PAGES) {
    test(`${path} renders with its title, one h1, description, canonical URL and no serious axe violations`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.locator("main#main")).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(40);
      if (path !== "/") {
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          `http://127.0.0.1:${new URL(page.url()).port}${path}`,
        );
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      }
      await expect(page.getByRole("link", { name: "Start free" }).first()).toBeVisible();
      await checkA11y(page);
    });
  }

  test("an unknown blog post or document answers 404", async ({ page }) => {
    expect((await page.goto("/blog/no-such-post"))?.status()).toBe(404);
    expect((await page.goto("/docs/no-such-doc"))?.status()).toBe(404);
    expect((await page.goto("/docs/..%2Fpackage"))?.status()).toBe(404);
  });

  test("the blog lists at least three posts and each opens", async ({ page }) => {
    await page.goto("/blog");
    const posts = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 }).getByRole("link");
    expect(await posts.count()).toBeGreaterThanOrEqual(3);
    const first = (await posts.first().textContent())!.trim();
    await posts.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first);
  });

  test("the skip link moves focus to the main content by keyboard", async ({ page }) => {
    await page.goto("/trust");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("at 375 px the menu opens by keyboard and no page scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ["/pricing", "/trust", "/contact", "/docs/user-guide", "/blog/spf-dkim-dmarc-explained"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
    await page.locator("summary").filter({ hasText: "Menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main (mobile)" });
    await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("signed-in pages outside the shell", () => {
  for (const { path } of SIGNED_IN_PAGES) {
    test(`${path} sends a signed-out visitor to /login?redirectTo=${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  for (const { path, title, h1 } of SIGNED_IN_PAGES) {
    test(`${path} renders for a signed-in user with the public chrome`, async ({ page, login }) => {
      await login({ plan: "pro" });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page.getByRole("link", { name: "Open dashboard" }).first()).toHaveAttribute("href", "/dashboard");
      await checkA11y(page);
    });
  }

  test("/features lists every module with what it does and its lowest plan", async ({ page, login }) => {
    await login({ plan: "free" });
    await page.goto("/features");
    for (const route of APP_ROUTES.filter((r) => r.path !== "/settings")) {
      const row = page.getByTestId(`module-${route.path.slice(1)}`);
      // The row header may also carry the "In development" badge.
      await expect(row.getByRole("rowheader")).toContainText(route.label);
      await expect(row).toContainText(route.purpose);
      await expect(row.getByRole("cell").nth(1)).toHaveText(
        route.feature ? PLAN_DISPLAY_NAME[lowestPlanWith(route.feature)] : "Free",
      );
    }
    await expect(page.getByTestId("module-threat-hunting")).toContainText("Upgrade needed");
    await expect(page.getByTestId("module-phishing")).toContainText("Included");
  });

  test("an industry page names its threats, regulations and the modules that address them", async ({ page, login }) => {
    await login();
    await page.goto("/healthcare");
    await expect(page.getByRole("heading", { name: "Main threats" })).toBeVisible();
    await expect(page.getByText("HIPAA Breach Notification Rule (US)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Training Management" })).toHaveAttribute(
      "href",
      "/training-management",
    );
  });
});

test.describe("pricing", () => {
  test("shows the four plans from the plan table, their limits and the business banner", async ({ page }) => {
    await page.goto("/pricing");
    for (const plan of ["free", "pro", "business", "enterprise"] as const) {
      await expect(page.getByTestId(`plan-${plan}`).getByRole("heading", { level: 2 })).toHaveText(
        PLAN_DISPLAY_NAME[plan],
      );
    }
    await expect(page.getByTestId("limit-free")).toHaveText("1");
    await expect(page.getByTestId("limit-pro")).toHaveText("3");
    await expect(page.getByTestId("limit-business")).toHaveText("∞");
    await expect(page.getByTestId("limit-enterprise")).toHaveText("∞");
    await expect(page.getByTestId("plan-business")).toContainText(BUSINESS_PRICING_BANNER);
    await expect(page.getByText("Most popular choice • 40% savings annually")).toHaveCount(1);
    await expect(page.getByTestId("plan-free")).not.toContainText(featureName("passwordAnalyzer"));
    await expect(page.getByTestId("plan-pro")).toContainText(featureName("passwordAnalyzer"));
    await expect(page.getByTestId("plan-enterprise")).toContainText(`${FEATURES.length} features`);
    await expect(page.getByTestId("plan-business")).not.toContainText(featureName("multiAccountManagement"));
    // Each card lists what its plan adds to the one before.
    await expect(page.getByTestId("plan-pro")).toContainText("Everything in Free, plus:");
    await expect(page.getByTestId("plan-enterprise")).toContainText("Everything in Business, plus:");
    await expect(page.getByTestId("plan-enterprise").getByRole("listitem")).toHaveText([
      featureName("multiAccountManagement"),
    ]);
    await expect(page.getByTestId("plan-pro")).not.toContainText(featureName("dashboard"));
    // Signed out: the trial starts with an account.
    await expect(
      page.getByRole("region", { name: /Try every module free for 14 days/ }).getByRole("link", { name: "Start free" }),
    ).toHaveAttribute("href", "/signup");
  });

  test("a signed-in owner gets a form that starts the 14-day trial through /settings", async ({ page, login }) => {
    await login({ plan: "free", tenantName: "Acme Ltd" });
    await page.goto("/pricing");
    const form = page.locator('form[action="/settings"]');
    await expect(form.locator('input[name="intent"]')).toHaveValue("start-trial");
    await expect(form.getByRole("button", { name: "Start the 14-day trial for Acme Ltd" })).toBeVisible();
    await expect(page.getByTestId("plan-free")).toContainText("Your plan");
    await checkA11y(page);
    // The lead's /settings action starts it; back on pricing the offer has become the active trial.
    await form.getByRole("button", { name: /Start the 14-day trial/ }).click();
    await expect(page).toHaveURL(/\/settings/, { timeout: 15_000 });
    await expect(page.getByText("Your 14-day trial has started")).toBeVisible({ timeout: 15_000 });
    await page.goto("/pricing");
    await expect(page.getByText(/The trial of Acme Ltd is active until/)).toBeVisible();
  });

  test("an organization with an active trial is told so instead", async ({ page, login }) => {
    await login({ plan: "free", trial: true });
    await page.goto("/pricing");
    await expect(page.locator('form[action="/settings"]')).toHaveCount(0);
    await expect(page.getByText(/trial of .* is active/)).toBeVisible();
  });
});

test.describe("auth-debug", () => {
  test("signed out, it says so and is marked noindex", async ({ page }) => {
    await page.goto("/auth-debug");
    await expect(page.getByTestId("auth-state")).toContainText("Signed out");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByTestId("cookie-flags")).toContainText("HttpOnly");
    await expect(page.getByTestId("cookie-flags")).toContainText("Lax");
    await expect(page.getByTestId("cookie-flags")).toContainText("No: this request came over plain HTTP");
  });

  test("signed in, it shows the session, tenant and effective plan but never the session id", async ({
    page,
    login,
    context,
  }) => {
    const account = await login({ plan: "business", tenantName: "Globex (Business)" });
    const response = await page.goto("/auth-debug");
    expect(response?.headers()["cache-control"]).toContain("no-store");
    const state = page.getByTestId("auth-state");
    await expect(state).toContainText("Signed in");
    await expect(state).toContainText(account.email);
    await expect(state).toContainText("Globex (your role: owner)");
    await expect(state).toContainText(/Effective plan\s*Business/);
    await expect(state).toContainText(/Session expires\s*\d{4}-\d{2}-\d{2}/);
    const cookie = (await context.cookies()).find((c) => c.name === "rampart_session")!;
    const html = await page.content();
    const sessionId = decodeURIComponent(cookie.value).split(".")[0];
    expect(html).not.toContain(cookie.value);
    expect(html).not.toContain(sessionId.slice(1, 20));
    await checkA11y(page);
  });
});

test("sitemap.xml lists the public pages and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/pricing", "/trust", "/blog/nist-800-63b-password-rules", "/docs/user-guide", "/phishing"]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  expect(xml).not.toContain("/auth-debug");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toContain("Disallow: /auth-debug");
  expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
});

// The rate limit (5 an hour) is per client address and every test shares
// 127.0.0.1, so all tests that post to /contact run here, in order, and count
// what they send.
test.describe("contact form", () => {
  test.describe.configure({ mode: "serial" });
  let sent = 0;
  const countMessages = () => {
    const db = openDb();
    try {
      return (db.prepare("SELECT count(*) AS n FROM contact_messages").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an empty form answers 400 with an error beside each field", async ({ page }) => {
      await page.goto("/contact");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Send message" }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Enter your name")).toBeVisible();
      await expect(page.getByText("Enter your e-mail address")).toBeVisible();
      await expect(page.getByText("Write a message of at least 10 characters")).toBeVisible();
      await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-describedby", /email-error/);
    });

    test("a filled honeypot looks like success but stores nothing", async ({ page }) => {
      const before = countMessages();
      await page.goto("/contact");
      const honeypot = page.locator('input[name="homepage_check"]');
      await expect(honeypot).toHaveAttribute("tabindex", "-1");
      await expect(honeypot).toHaveAttribute("autocomplete", "off");
      await expect(page.locator('[aria-hidden="true"]:has(input[name="homepage_check"])')).toHaveCount(1);
      await page.getByLabel("Your name").fill("Spam Bot");
      await page.getByLabel("E-mail address").fill("bot@example.com");
      await page.getByLabel("Message").fill("Buy cheap things at our shop today.");
      await honeypot.evaluate((el: HTMLInputElement) => (el.value = "https://spam.example"));
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("status")).toContainText("Your message has been sent");
      expect(countMessages()).toBe(before);
    });

    test("a valid message is stored and acknowledged", async ({ page }) => {
      const before = countMessages();
      await page.goto("/contact");
      await page.getByLabel("Your name").fill("Grace Hopper");
      await page.getByLabel("E-mail address").fill("grace@example.com");
      await page.getByLabel("Message").fill("Which plan includes the executive dashboard?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("status")).toContainText("Your message has been sent");
      sent += 1;
      expect(countMessages()).toBe(before + 1);
      const db = openDb();
      const row = db
        .prepare("SELECT name, email, message FROM contact_messages ORDER BY created_at DESC LIMIT 1")
        .get();
      db.close();
      expect(row).toEqual({
        name: "Grace Hopper",
        email: "grace@example.com",
        message: "Which plan includes the executive dashboard?",
      });
    });
  });

  test.describe("with JavaScript", () => {
    test("shows field errors, then sends and clears the form", async ({ page }) => {
      await page.goto("/contact");
      await expect(page.locator('form[data-hydrated="true"]')).toHaveCount(1, { timeout: 15_000 });
      await page.getByLabel("E-mail address").fill("not-an-address");
      const [invalid] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Send message" }).click(),
      ]);
      // Submitted by Remix's fetch (single fetch: /contact.data), not a full page load.
      expect(invalid.url()).toContain("/contact.data");
      expect(invalid.status()).toBe(400);
      await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();
      await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
      // axe needs page scripts, so the form with its errors is checked here, with JavaScript on.
      await checkA11y(page);
      await expect(page.getByLabel("E-mail address")).toHaveValue("not-an-address");
      const before = countMessages();
      await page.getByLabel("Your name").fill("Alan Turing");
      await page.getByLabel("E-mail address").fill("alan@example.com");
      await page.getByLabel("Message").fill("Is there an API for the phishing analyzer?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("status")).toContainText("Your message has been sent");
      sent += 1;
      await expect(page.getByLabel("Message")).toHaveValue("");
      expect(countMessages()).toBe(before + 1);
    });
  });

  test.describe("rate limit", () => {
    test.use({ javaScriptEnabled: false });

    test("the 6th message in an hour from one address answers 429 with Retry-After and stores nothing", async ({
      page,
    }) => {
      let status = 0;
      let retryAfter: string | null = null;
      while (sent < 6) {
        await page.goto("/contact");
        await page.getByLabel("Your name").fill("Rate Tester");
        await page.getByLabel("E-mail address").fill("rate@example.com");
        await page.getByLabel("Message").fill(`Message number ${sent + 1} in this hour.`);
        const before = countMessages();
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST"),
          page.getByRole("button", { name: "Send message" }).click(),
        ]);
        status = response.status();
        retryAfter = response.headers()["retry-after"] ?? null;
        if (sent < 5) {
          expect(status, `message ${sent + 1} should be accepted`).toBe(200);
          expect(countMessages()).toBe(before + 1);
        } else {
          expect(countMessages()).toBe(before);
        }
        sent += 1;
      }
      expect(status).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      await expect(page.getByRole("alert")).toContainText("Too many requests");
      // What the person typed is kept so nothing is lost.
      await expect(page.getByLabel("Message")).toHaveValue("Message number 6 in this hour.");
    });
  });
});
