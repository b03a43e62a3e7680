// The operator console (issue 32): an operator sets an organization's plan on a page instead of a command line,
// the change is audited with the operator's account, and a customer (any role, any plan) cannot reach the console:
// 404 on the page and on its form posts, and no link to it in the customer's navigation.
import { randomUUID } from "node:crypto";
import { test, expect, createAccount, openDb } from "./fixtures";

test("an operator sets an organization's plan from the console", async ({ page, login }) => {
  const customerOrg = `Customer ${randomUUID().slice(0, 8)}`;
  const customer = await createAccount({ plan: "free", tenantName: customerOrg });
  const operator = await login({ plan: "free" });
  const db = openDb();
  try {
    db.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").run(operator.userId);
  } finally {
    db.close();
  }
  await page.goto("/operator");
  await expect(page.getByRole("heading", { level: 1, name: "Operator console" })).toBeVisible();
  const row = page.getByTestId("console-org").filter({ hasText: customerOrg });
  await row.getByLabel(`Plan of ${customerOrg}`, { exact: true }).selectOption("business");
  await row.getByRole("button", { name: `Set the plan of ${customerOrg}` }).click();
  await expect(page.getByTestId("console-result")).toHaveText(`${customerOrg} is now on the business plan.`);
  await expect(page.getByTestId("console-org").filter({ hasText: customerOrg })).toContainText("Business");
  const check = openDb();
  try {
    expect(check.prepare("SELECT plan FROM tenants WHERE id = ?").get(customer.tenantId)).toEqual({ plan: "business" });
    const entry = check
      .prepare("SELECT user_id AS userId, detail FROM audit_log WHERE tenant_id = ? AND action = 'operator.plan_set'")
      .get(customer.tenantId) as { userId: string; detail: string };
    expect(entry.userId).toBe(operator.userId);
    expect(JSON.parse(entry.detail)).toMatchObject({ from: "free", to: "business" });
  } finally {
    check.close();
  }
});

test("a customer cannot reach the operator console", async ({ page, login }) => {
  const customer = await login({ plan: "enterprise" });
  const response = await page.goto("/operator");
  expect(response?.status()).toBe(404);
  const post = await page.request.post("/operator", {
    form: { intent: "set-plan", tenantId: customer.tenantId, plan: "free" },
  });
  expect(post.status()).toBe(404);
  const db = openDb();
  try {
    expect(db.prepare("SELECT plan FROM tenants WHERE id = ?").get(customer.tenantId)).toEqual({ plan: "enterprise" });
  } finally {
    db.close();
  }
  await page.goto("/dashboard");
  await expect(page.locator("a[href^='/operator']")).toHaveCount(0);
});
