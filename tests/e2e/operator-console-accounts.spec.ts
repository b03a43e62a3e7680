// The operator console without JavaScript and on a phone (issue 32): an operator sees every organization and account,
// marks an unverified address verified (an install without SMTP cannot mail the link), sets a plan with plain form
// posts, and reads the job and feed status, all without a command line.
import { randomUUID } from "node:crypto";
import { test, expect, createAccount, openDb, type LoggedIn } from "./fixtures";

function makeOperator(userId: string) {
  const db = openDb();
  try {
    db.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").run(userId);
  } finally {
    db.close();
  }
}

for (const mode of [
  { name: "without JavaScript at desktop size", javaScriptEnabled: false, viewport: { width: 1366, height: 768 } },
  { name: "with JavaScript at 390 px", javaScriptEnabled: true, viewport: { width: 390, height: 844 } },
]) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: mode.viewport });

    test("an operator lists accounts and organizations, marks an address verified and sets a plan", async ({
      page,
      login,
    }) => {
      const orgName = `Console ${randomUUID().slice(0, 8)}`;
      const customer: LoggedIn = await createAccount({ plan: "free", tenantName: orgName, verified: false });
      const operator = await login({ plan: "free" });
      makeOperator(operator.userId);

      await page.goto("/operator");
      await expect(page.getByRole("heading", { level: 1, name: "Operator console" })).toBeVisible();
      // The sections an operator reads instead of running commands.
      for (const heading of [/^Accounts \(\d+\)$/, /^Background jobs$/, /^Feeds$/])
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      // No shell command on the console either: it replaces the command line.
      await expect(page.locator("main")).not.toContainText("npm run");

      const account = page.getByTestId("console-account").filter({ hasText: customer.email });
      await expect(account).toHaveCount(1);
      const markVerified = account.getByRole("button", { name: `Mark ${customer.email} verified` });
      await markVerified.scrollIntoViewIfNeeded();
      await markVerified.click();
      await expect(page.getByTestId("console-result")).toContainText(customer.email);
      await expect(page.getByTestId("console-account").filter({ hasText: customer.email })).toContainText("Verified");

      const org = page.getByTestId("console-org").filter({ hasText: orgName });
      await org.getByLabel(`Plan of ${orgName}`, { exact: true }).selectOption("pro");
      await org.getByRole("button", { name: `Set the plan of ${orgName}` }).click();
      await expect(page.getByTestId("console-result")).toHaveText(`${orgName} is now on the pro plan.`);

      const db = openDb();
      try {
        const user = db.prepare("SELECT email_verified_at AS v FROM users WHERE id = ?").get(customer.userId) as {
          v: number | null;
        };
        expect(user.v).not.toBeNull();
        expect(db.prepare("SELECT plan FROM tenants WHERE id = ?").get(customer.tenantId)).toEqual({ plan: "pro" });
        const actions = db
          .prepare(
            "SELECT action FROM audit_log WHERE user_id = ? AND action LIKE 'operator.%' ORDER BY created_at, rowid",
          )
          .all(operator.userId) as { action: string }[];
        expect(actions.map((a) => a.action)).toEqual(["operator.email_verified", "operator.plan_set"]);
      } finally {
        db.close();
      }
    });
  });
}
