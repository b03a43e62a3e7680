/**
 * Account lifecycle (issue 20), with and without JavaScript: e-mail
 * verification (banner, the link), renaming and deleting an organization
 * (other members told in-app), downloading one's data and deleting the
 * account. The e2e server mails through a loopback SMTP server
 * (tests/e2e/start-server.ts): the test reads the verification mail and
 * follows its link. What a server without SMTP says is checked in
 * app/modules/accounts/email-verification.test.ts.
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { test, expect, openDb, uniqueEmail, createAccount, checkA11y, mailbox } from "./fixtures";

const PASSWORD = "a long and unusual passphrase 42";

function addMembership(tenantId: string, userId: string, role: string) {
  const db = openDb();
  try {
    db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, ?)").run(
      randomUUID(),
      userId,
      tenantId,
      role,
    );
  } finally {
    db.close();
  }
}

function addTenant(userId: string, name: string) {
  const id = randomUUID();
  const db = openDb();
  try {
    db.prepare("INSERT INTO tenants (id, name, plan) VALUES (?, ?, 'free')").run(id, name);
    db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'owner')").run(
      randomUUID(),
      userId,
      id,
    );
  } finally {
    db.close();
  }
  return id;
}

async function signedInPage(browser: Browser, cookieValue: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([
    { name: "rampart_session", value: cookieValue, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
  ]);
  return { context, page: await context.newPage() };
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("a new account is unverified: banner, no invitations; the mailed link verifies it", async ({ page }) => {
      const email = uniqueEmail("verify");
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
      const banner = page.getByTestId("verify-banner");
      await expect(banner).toContainText("Verify your e-mail address.");
      await expect(banner).toContainText(email);
      // axe runs in the page: with JavaScript only.
      if (js) await checkA11y(page);

      // Invitations wait for the verified address (the server refuses, saying why).
      await page.goto("/settings/members");
      await page.getByRole("button", { name: "Create invitation link" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "Verify your e-mail address before inviting" }),
      ).toBeVisible();
      await expect(page.getByTestId("invite-url")).toHaveCount(0);

      // Sign-up mailed a link; "Send a new link" from the banner mails a newer one, and only the newest is needed.
      const first = await mailbox.latest(email, { subject: "Confirm your e-mail address" });
      await page.getByTestId("verify-banner").getByRole("button", { name: "Send a new link" }).click();
      await page.waitForURL("**/verify-email");
      await expect(page.getByTestId("verify-result")).toContainText(`We sent a new link to ${email}`);
      const mail = await mailbox.latest(email, { subject: "Confirm your e-mail address", after: first.file });
      expect(mail.link(/\/verify-email\/[\w-]+/)).not.toBe(first.link(/\/verify-email\/[\w-]+/));

      await page.goto(mail.link(/https?:\/\/\S+\/verify-email\/[\w-]+/));
      await expect(page.getByTestId("email-verified")).toContainText(`${email} is verified`);
      // axe runs in the page: with JavaScript only.
      if (js) await checkA11y(page);
      await page.getByRole("link", { name: "Go to your dashboard" }).click();
      await page.waitForURL("**/dashboard");
      await expect(page.getByTestId("verify-banner")).toHaveCount(0);

      await page.goto("/settings/members");
      await page.getByRole("button", { name: "Create invitation link" }).click();
      await expect(page.getByTestId("invite-url")).toHaveValue(/\/invite\//);
    });

    test("an owner renames and deletes an organization; the other member is told in-app", async ({
      page,
      login,
      browser,
    }) => {
      const owner = await login({ tenantName: "Acme Security" });
      const keep = addTenant(owner.userId, "Keep Ltd");
      const colleague = await createAccount({ tenantName: "Colleague's own" });
      addMembership(owner.tenantId, colleague.userId, "admin");

      await page.goto("/settings/organization");
      await page.getByLabel("New name").fill("");
      await page.getByRole("button", { name: "Rename" }).click();
      await expect(page.getByLabel("New name")).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("New name").fill("Acme Blue Team");
      await page.getByRole("button", { name: "Rename" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Organization renamed to “Acme Blue Team”." }),
      ).toBeVisible();
      // axe runs in the page: with JavaScript only.
      if (js) await checkA11y(page);

      const confirm = page.getByLabel("Type “Acme Blue Team” to confirm");
      await confirm.fill("Acme");
      await page.getByRole("button", { name: "Delete organization" }).click();
      await expect(page.getByLabel("Type “Acme Blue Team” to confirm")).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("Type “Acme Blue Team” to confirm").fill("Acme Blue Team");
      await page.getByRole("button", { name: "Delete organization" }).click();
      await page.waitForURL("**/dashboard");
      await expect(page.getByTestId("account-notices")).toContainText(
        "You deleted the organization “Acme Blue Team” and all its data.",
      );
      // Switched to the other organization.
      await page.goto("/settings/members");
      await expect(page.getByRole("heading", { name: "Members of Keep Ltd" })).toBeVisible();
      const db = openDb();
      try {
        expect(db.prepare("SELECT count(*) AS n FROM tenants WHERE id = ?").get(owner.tenantId)).toEqual({ n: 0 });
        expect(db.prepare("SELECT count(*) AS n FROM tenants WHERE id = ?").get(keep)).toEqual({ n: 1 });
      } finally {
        db.close();
      }

      const other = await signedInPage(browser, colleague.cookieValue, js);
      await other.page.goto("/dashboard");
      const notices = other.page.getByTestId("account-notices");
      await expect(notices).toContainText(`${owner.email} deleted the organization “Acme Blue Team”`);
      await notices.getByRole("button", { name: "Dismiss" }).click();
      await expect(other.page.getByTestId("account-notices")).toHaveCount(0);
      await other.context.close();
    });

    test("deleting the last organization leads to creating one", async ({ page, login }) => {
      await login({ tenantName: "Only One" });
      await page.goto("/settings/organization");
      await page.getByLabel("Type “Only One” to confirm").fill("Only One");
      await page.getByRole("button", { name: "Delete organization" }).click();
      await page.waitForURL("**/organizations/new");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test("a person downloads their data, then deletes the account with their password", async ({ page, login }) => {
      const me = await login({ tenantName: "Solo", password: PASSWORD });
      await page.goto("/settings");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download my data (JSON)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^rampart-account-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
      expect(data.profile.email).toBe(me.email);
      expect(data.memberships).toEqual([expect.objectContaining({ organization: "Solo", role: "owner" })]);
      expect(data).toHaveProperty("auditEntries");
      expect(data.analyses).toHaveProperty("phishing");

      await page.getByLabel("Your password").fill("not the password");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect(page.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("The password is not correct.")).toBeVisible();
      await page.getByLabel("Your password").fill(PASSWORD);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL("**/login?deleted=1");
      await expect(page.getByTestId("account-deleted")).toContainText("Your account was deleted");
      await page.goto("/dashboard");
      await page.waitForURL(/\/login/);
    });

    test("the sole owner of an organization with members is told what to do first", async ({ page, login }) => {
      const me = await login({ tenantName: "Team", password: PASSWORD });
      const colleague = await createAccount();
      addMembership(me.tenantId, colleague.userId, "member");
      await page.goto("/settings");
      await page.getByLabel("Your password").fill(PASSWORD);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "You are the only owner of “Team”, which has other members." }),
      ).toBeVisible();
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/dashboard/);
    });
  });
}
