import { test, expect } from "./fixtures";

/**
 * Issue 16 end to end: an owner creates an in-app channel, an escalation
 * policy and an alert rule; an alert raised in the server arrives on the open
 * Security Alerts page without a reload (SSE); acknowledging it stops the
 * escalation, as the alert's timeline shows.
 */
test("channel, policy and rule; an alert arrives in real time; acknowledging stops the escalation", async ({
  page,
  login,
}) => {
  const me = await login({ plan: "business" });

  await page.goto("/admin/notification-channels");
  await page.getByLabel("Type").selectOption("in_app");
  await page.getByLabel("Name").fill("On-call bell");
  await page.getByRole("button", { name: "Add channel" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText('Channel "On-call bell" created.');
  await expect(page.getByTestId("channel")).toContainText("On-call bell");

  await page.goto("/admin/escalation-policies");
  await page.getByLabel("Name", { exact: true }).fill("Night shift");
  const step1 = page.getByRole("group", { name: "Step 1" });
  await step1.getByLabel("On-call bell").check();
  await step1.getByLabel("Then wait (minutes)").fill("30");
  const step2 = page.getByRole("group", { name: "Step 2 (optional)" });
  await step2.getByLabel(me.email).check();
  await page.getByRole("button", { name: "Add policy" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Policy added");

  await page.goto("/admin/alert-rules");
  await page.getByLabel("Name", { exact: true }).fill("High and above");
  await page.getByLabel("Severity at or above").selectOption("high");
  await page.getByLabel("On-call bell").check();
  await page.getByLabel("Escalation policy").selectOption({ label: "Night shift" });
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByTestId("rule")).toContainText("High and above");

  await page.goto("/alerts");
  await expect(page.getByTestId("alert-bell")).toHaveAttribute("data-realtime", "on");
  // Let the EventSource connect before the alert is raised.
  await page.waitForTimeout(500);
  const raised = await page.request.post("/__test/raise-alert", {
    form: { source: "detections", severity: "critical", title: "Ransomware beacon on host-7", entity: "host-7" },
  });
  expect(raised.status()).toBe(201);

  // No reload: the row, the announcement and the bell arrive through the stream.
  await expect(page.getByTestId("alert-live")).toHaveText("New alert: Ransomware beacon on host-7");
  const row = page.getByTestId("alert-row").filter({ hasText: "Ransomware beacon on host-7" });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("bell-unread")).toBeVisible();
  await row.getByText(/^Timeline/).click();
  await expect(row.getByTestId("alert-timeline")).toContainText("Escalation step step 1");

  await row.getByRole("button", { name: "Acknowledge Ransomware beacon on host-7" }).click();
  await expect(row.getByText("acknowledged", { exact: true })).toBeVisible();
  await row.getByText(/^Timeline/).click();
  const timeline = row.getByTestId("alert-timeline");
  await expect(timeline).toContainText(`Acknowledged · by ${me.email}`);
  await expect(timeline).toContainText("Escalation stopped");
  await expect(timeline).not.toContainText("step 2");
});
