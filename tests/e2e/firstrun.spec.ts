import path from "node:path";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, uniqueEmail, mailbox } from "./fixtures";

const PHISH = fs.readFileSync(path.resolve("app/modules/phishing/fixtures/phishing/02-paypa1-limited.eml"), "utf8");
const PASSWORD = "a long and unusual passphrase 42";

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: /create/i }).click();
  // Sign-up signs nobody in (issue 26 §14): the new account signs in next.
  await page.getByRole("link", { name: "Continue to sign in" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/dashboard");
}

/** No two drawn x-axis labels of any chart on the page overlap. */
async function expectNoTickOverlap(page: Page) {
  const boxes = await page.locator('[data-tick="x"]').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        svg: e.closest("svg") ? [...document.querySelectorAll("svg")].indexOf(e.closest("svg")!) : -1,
        x: r.left,
        w: r.width,
        y: r.top,
        h: r.height,
      };
    }),
  );
  // A new account's trend starts on its first assessed day (issue 31): one label is a valid chart; the thinning
  // of fourteen labels is covered by labelStep's unit test (first-run.server.test.ts).
  expect(boxes.length).toBeGreaterThan(0);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.svg !== b.svg) continue;
      const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      expect(overlap, `labels ${i} and ${j} overlap`).toBe(false);
    }
}

test("a new user's first ten minutes: sign up, follow the checklist, end with a score from real data", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("first"));
  // The account works at once; the banner asks for the address to be verified (lifecycle.spec.ts follows the link).
  await expect(page.getByTestId("verify-banner")).toContainText("Verify your e-mail address.");
  await expect(page.getByTestId("score-not-assessed")).toHaveText("Not assessed");
  const steps = page.getByTestId("first-steps");
  await expect(steps.locator("li")).toHaveCount(5);
  await expect(steps.locator('li[data-done="yes"]')).toHaveCount(0);

  await steps.getByRole("link", { name: "Analyse a suspicious message" }).click();
  await page.waitForURL("**/phishing");
  await page.getByLabel("Message source").fill(PHISH);
  await page.getByRole("button", { name: "Analyze message" }).click();
  // The first analysis on a fresh server starts the analyzer's worker pool: slow on a loaded machine.
  await expect(page.getByTestId("phishing-verdict")).toBeVisible({ timeout: 20_000 });

  await page.goto("/dashboard");
  await expect(page.getByTestId("score-not-assessed")).toHaveCount(0);
  // A high-risk message caught: the phishing analyzer is assessed, and catching phishing costs no points.
  await expect(page.getByTestId("security-score")).toHaveText("100");
  await expect(page.getByText("covers Phishing Analyzer")).toBeVisible();
  await expect(page.getByTestId("first-steps").locator('li[data-step="phishing"]')).toHaveAttribute("data-done", "yes");

  for (const width of [320, 768, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("img", { name: /^Risk trend/ })).toBeVisible();
    await expectNoTickOverlap(page);
  }
});

for (const js of [true, false]) {
  test.describe(`password reset ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("/login links to /forgot-password, which answers the same for any address; the mailed link sets the password", async ({
      page,
    }) => {
      const email = uniqueEmail("reset");
      await signUp(page, email);
      await page.context().clearCookies();

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL("**/forgot-password");
      await page.getByLabel("E-mail").fill("not-an-address");
      await page.getByRole("button", { name: "Send the reset link" }).click();
      await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
      const nobody = uniqueEmail("nobody");
      await page.getByLabel("E-mail").fill(nobody);
      await page.getByRole("button", { name: "Send the reset link" }).click();
      const unknown = await page.getByTestId("reset-requested").textContent();
      await page.goto("/forgot-password");
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "Send the reset link" }).click();
      await expect(page.getByTestId("reset-requested")).toHaveText(unknown!);

      // The mail the loopback SMTP server received (tests/e2e/start-server.ts); none went to the unknown address.
      const mail = await mailbox.latest(email, { subject: "Reset your Rampart password" });
      const link = mail.link(/https?:\/\/\S+\/reset-password\/[\w-]+/);
      await expect(mailbox.latest(nobody, { timeoutMs: 500 })).rejects.toThrow(/No mail to/);

      await page.goto(link);
      await page.getByLabel("New password").fill("my brand new reset passphrase");
      await page.getByRole("button", { name: "Set the new password" }).click();
      await page.waitForURL("**/login?reset=1");
      await expect(page.getByTestId("reset-done")).toBeVisible();
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill("my brand new reset passphrase");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL("**/dashboard");

      // The link works once.
      await page.goto(link);
      await expect(page.getByTestId("form-error")).toContainText("invalid, used or expired");
    });
  });
}
