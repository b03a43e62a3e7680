import path from "node:path";
import fs from "node:fs";
import { test, expect, checkA11y } from "./fixtures";

const FIXTURES = path.resolve("app/modules/phishing/fixtures");
const PHISH = fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml"), "utf8");

test.describe("phishing analyzer", () => {
  // Free plan is the analyzer's own plan; the a11y-checked flows sign in on pro only because the
  // shell's Add Organization notice for a free tenant at its limit has a colour-only link (reported).
  test("paste flow: the verdict shows and the message joins the list", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/phishing");
    await expect(page.getByRole("heading", { name: "Phishing Analyzer", level: 1 })).toBeVisible();
    await expect(page.getByTestId("phishing-empty")).toContainText("No messages analysed yet.");
    await checkA11y(page);

    await page.getByLabel("Message source").fill(PHISH);
    await page.getByRole("button", { name: "Analyze message" }).click();
    const verdict = page.getByTestId("phishing-verdict");
    await expect(verdict).toBeVisible();
    await expect(verdict).toHaveAttribute("data-risk", "high");
    await expect(verdict).toContainText("High");
    await expect(page.getByTestId("phishing-rationale")).toContainText("Sender domain paypa1.com imitates paypal.com");
    const row = page.getByTestId("phishing-row").first();
    await expect(row).toContainText("Your account has been limited");
    await expect(row).toContainText("service@paypa1.com");
    await expect(row).toContainText("Detected");
    await checkA11y(page);
  });

  // A high-risk verdict raises an alert; the shell then reloads its data from the alert stream.
  // The router drops action data on such a reload, so the verdict used to flash and vanish.
  test("the verdict stays on screen when the alert stream reloads the page's data", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/phishing");
    await expect(page.getByTestId("alert-bell")).toHaveAttribute("data-realtime", "on");
    await page.getByLabel("Message source").fill(PHISH);
    await page.getByRole("button", { name: "Analyze message" }).click();
    const verdict = page.getByTestId("phishing-verdict");
    await expect(verdict).toHaveAttribute("data-risk", "high");

    // Another alert arrives while the verdict is shown: wait for the reload it causes to finish.
    const reloaded = page.waitForResponse(
      (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/phishing.data",
    );
    const raised = await page.request.post("/__test/raise-alert", {
      form: { source: "detections", severity: "high", title: "Unrelated beacon", entity: "host-9" },
    });
    expect(raised.status()).toBe(201);
    await reloaded;
    await page.waitForFunction(() => {
      const router = (
        window as unknown as { __remixRouter?: { state: { revalidation: string; navigation: { state: string } } } }
      ).__remixRouter;
      return router?.state.revalidation === "idle" && router.state.navigation.state === "idle";
    });
    await expect(verdict).toHaveAttribute("data-risk", "high");
    await expect(page.getByTestId("phishing-rationale")).toContainText("Sender domain paypa1.com imitates paypal.com");

    // A real navigation to the same page starts clean.
    await page.getByRole("link", { name: "Phishing Analyzer" }).first().click();
    await expect(verdict).toHaveCount(0);
  });

  test("upload flow: an .eml file on the enhanced page shows every signal", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/phishing-enhanced");
    await page
      .getByLabel("Or upload an .eml file")
      .setInputFiles(path.join(FIXTURES, "legit/01-newsletter-substack.eml"));
    await page.getByRole("button", { name: "Analyze message" }).click();
    const verdict = page.getByTestId("phishing-verdict");
    await expect(verdict).toHaveAttribute("data-risk", "low");
    await expect(page.getByTestId("phishing-detail")).toContainText("Signals and their weight");
    await expect(page.getByTestId("phishing-links")).toContainText("https://substack.com/redirect/");
    await expect(page.getByTestId("phishing-row").first()).toContainText("The state of platform teams in 2026");
    await checkA11y(page);
  });

  test("a file that is not an e-mail gives a field error and stores nothing", async ({ page, login }) => {
    await login();
    await page.goto("/phishing");
    await page.getByLabel("Or upload an .eml file").setInputFiles({
      name: "notes.eml",
      mimeType: "message/rfc822",
      buffer: Buffer.from("just some notes\nno headers here"),
    });
    await page.getByRole("button", { name: "Analyze message" }).click();
    await expect(page.locator("#file-error")).toContainText("This does not look like an e-mail message");
    await expect(page.getByLabel("Or upload an .eml file")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("phishing-empty")).toBeVisible();
  });

  test("quarantine and release, and the status filter", async ({ page, login }) => {
    await login();
    await page.goto("/phishing");
    await page.getByLabel("Message source").fill(PHISH);
    await page.getByRole("button", { name: "Analyze message" }).click();
    await expect(page.getByTestId("phishing-row")).toHaveCount(1);

    await page.getByRole("button", { name: /^Quarantine/ }).click();
    await expect(page.getByTestId("phishing-status-change")).toContainText("Message quarantined.");
    await expect(page.getByTestId("phishing-row").first()).toContainText("Quarantined");

    await page.getByLabel("Status").selectOption("detected");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=detected/);
    await expect(page.getByTestId("phishing-empty")).toContainText("No messages match these filters.");

    await page.getByLabel("Status").selectOption("quarantined");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("phishing-row")).toHaveCount(1);
    await page.getByRole("button", { name: /^Release/ }).click();
    await expect(page.getByTestId("phishing-status-change")).toContainText("Message released from quarantine.");
  });
});

test("works at 375 px wide and by keyboard", async ({ page, login }) => {
  await login({ plan: "pro" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/phishing");
  await page.getByLabel("Message source").fill(PHISH);
  await page.getByLabel("Message source").press("Tab");
  await expect(page.getByLabel("Or upload an .eml file")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Analyze message" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("phishing-verdict")).toHaveAttribute("data-risk", "high");
  // The list scrolls inside its own box; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test.describe("phishing analyzer without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("paste, upload and quarantine all work as plain form posts", async ({ page, login }) => {
    await login();
    await page.goto("/phishing");
    await page.getByLabel("Message source").fill(PHISH);
    await page.getByRole("button", { name: "Analyze message" }).click();
    await expect(page.getByTestId("phishing-verdict")).toHaveAttribute("data-risk", "high");
    await page
      .getByLabel("Or upload an .eml file")
      .setInputFiles(path.join(FIXTURES, "phishing/13-chase-link-text-mismatch.eml"));
    await page.getByRole("button", { name: "Analyze message" }).click();
    await expect(page.getByTestId("phishing-rationale")).toContainText(
      "A link's text shows www.chase.com but it really goes to secure-update-online.top",
    );
    await expect(page.getByTestId("phishing-row")).toHaveCount(2);
    await page
      .getByRole("button", { name: /^Quarantine/ })
      .first()
      .click();
    await expect(page.getByTestId("phishing-status-change")).toContainText("Message quarantined.");
  });
});
