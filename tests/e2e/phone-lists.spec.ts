// Lists on a phone (issue 32): at 390 px the alert list is stacked cards with severity, title, state and the
// primary action on screen (no sideways scrolling to reach them), and the Logs, SIEM rules and Phishing pages do
// not overflow the screen sideways.
import { test, expect } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("alerts at 390 px: severity, title, state and Acknowledge are on screen", async ({ page, login }) => {
  await login({ plan: "enterprise" });
  const raised = await page.request.post("/__test/raise-alert", {
    form: { source: "test", severity: "high", title: "Phone alert about a suspicious sign-in" },
  });
  expect(raised.status()).toBe(201);
  await page.goto("/alerts");
  const row = page.getByTestId("alert-row").filter({ hasText: "Phone alert about a suspicious sign-in" });
  for (const part of [
    row.getByText("High", { exact: true }),
    row.getByText("Phone alert about a suspicious sign-in"),
    row.getByText("active", { exact: true }),
    row.getByRole("button", { name: "Acknowledge Phone alert about a suspicious sign-in" }),
    row.getByLabel("Select Phone alert about a suspicious sign-in for the bulk actions"),
  ]) {
    // On screen once scrolled to vertically: nothing sits beyond the right edge.
    await part.scrollIntoViewIfNeeded();
    await expect(part).toBeInViewport({ ratio: 1 });
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await row.getByRole("button", { name: "Acknowledge Phone alert about a suspicious sign-in" }).click();
  await expect(
    page
      .getByTestId("alert-row")
      .filter({ hasText: "Phone alert about a suspicious sign-in" })
      .getByText("acknowledged", { exact: true }),
  ).toBeVisible();
});

for (const path of ["/alerts", "/logs", "/siem-soar", "/phishing"]) {
  test(`${path} does not scroll sideways at 390 px`, async ({ page, login }) => {
    await login({ plan: "enterprise" });
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
