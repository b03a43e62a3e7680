import { test, expect, checkA11y } from "./fixtures";

async function assessIdentity(page: import("@playwright/test").Page) {
  await page.goto("/zero-trust");
  await expect(page.getByTestId("zt-overall")).toHaveText("Not assessed yet");
  await expect(page.getByRole("heading", { name: "Roadmap" })).toBeVisible();
  // Before any claim, the roadmap starts from what Rampart sees: one member, no two-factor, no single sign-on.
  await expect(page.getByTestId("zt-roadmap-identity")).toContainText("Authentication: Traditional → Initial");
  const identity = page.getByRole("region", { name: /^Identity/ });
  const auth = identity.getByRole("group", { name: "Authentication" });
  await auth.getByLabel("Stage reached").selectOption({ label: "Optimal" });
  await auth.getByLabel("Notes").fill("Phishing-resistant MFA everywhere");
  await auth.getByLabel("Evidence links (one per line)").fill("not a link");
  await identity.getByRole("button", { name: "Save Identity" }).click();
  await expect(auth.getByRole("alert")).toHaveText("Enter a link starting with https://");
  // What was typed is still there beside the error.
  await expect(auth.getByLabel("Notes")).toHaveValue("Phishing-resistant MFA everywhere");
  await auth.getByLabel("Evidence links (one per line)").fill("https://wiki.example.com/mfa");
  await auth.getByLabel("Stage reached").selectOption({ label: "Initial" });
  await identity.getByRole("button", { name: "Save Identity" }).click();
  // Identity Stores was preselected at the stage its evidence supports (Traditional) and is saved with it.
  await expect(identity.getByRole("status")).toHaveText("Identity: 2 functions saved.");
  await expect(page.getByTestId("zt-overall")).toHaveText("Traditional (0.5)");
  // One member without two-factor does not back "Initial": the claim is flagged and the roadmap starts from the
  // evidence.
  await expect(auth.getByTestId("zt-flag")).toHaveText(
    "Claimed Initial; the evidence Rampart holds supports Traditional.",
  );
  await expect(page.getByTestId("zt-roadmap-identity")).toContainText("Authentication: Traditional → Initial");
  await expect(page.getByTestId("zt-roadmap-identity")).toContainText("Require two-factor sign-in for every member");
}

test("record a Zero Trust stage, see the maturity and the roadmap's next step", async ({ page, login }) => {
  await login({ plan: "business" });
  await assessIdentity(page);
  await expect(page.getByRole("heading", { name: "Maturity by pillar" })).toBeVisible();
  await checkA11y(page);
});

test.describe("Zero Trust without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the assessment is a plain form post, errors keep what was typed", async ({ page, login }) => {
    await login({ plan: "business" });
    await assessIdentity(page);
  });
});
