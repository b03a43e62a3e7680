// Invitations (issue 32): a Free user (whose own allowance is used up) joins a colleague's organization; the invite
// page says who invited whom to what with which role, or why a dead link no longer works, with no button; a person
// without an account signs up from the link, signs in and lands in the invited organization.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { test, expect, createAccount, openDb, uniqueEmail } from "./fixtures";

function invite(tenantId: string, createdBy: string, opts: { role?: string; used?: boolean; expired?: boolean } = {}) {
  const token = randomBytes(24).toString("base64url");
  const db = openDb();
  try {
    db.prepare(
      "INSERT INTO invitations (id, tenant_id, token_hash, role, created_by, expires_at, accepted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(
      randomUUID(),
      tenantId,
      createHash("sha256").update(token).digest("hex"),
      opts.role ?? "member",
      createdBy,
      opts.expired ? Date.now() - 1000 : Date.now() + 86_400_000,
      opts.used ? Date.now() : null,
    );
  } finally {
    db.close();
  }
  return `/invite/${token}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a Free user accepts an invitation and lands in the invited organization", async ({ page, login }) => {
      const org = `Acme ${randomUUID().slice(0, 6)}`;
      const owner = await createAccount({ plan: "business", tenantName: org });
      const link = invite(owner.tenantId, owner.userId, { role: "member" });
      // Free, and already owning its one organization ("Personal"): the allowance is used up.
      const joiner = await login({ plan: "free" });
      await page.goto(link);
      await expect(page.getByTestId("invite-summary")).toHaveText(
        `${owner.email} invited you (${joiner.email}) to join ${org} as a member (works with the organization's findings).`,
      );
      await page.getByRole("button", { name: `Join ${org}` }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByLabel("Organization")).toHaveValue(owner.tenantId);
      await expect(page.getByLabel("Organization").locator("option")).toHaveText(["Personal", org]);
    });
  });
}

test("a used, expired or unknown invitation says so up front, with no button", async ({ page }) => {
  const org = `Dead ${randomUUID().slice(0, 6)}`;
  const owner = await createAccount({ plan: "business", tenantName: org });
  for (const [link, text, status] of [
    [invite(owner.tenantId, owner.userId, { used: true }), `This invitation to ${org} has already been used`, 410],
    [invite(owner.tenantId, owner.userId, { expired: true }), `This invitation to ${org} has expired`, 410],
    ["/invite/not-a-real-token", "This invitation link is not valid", 404],
  ] as const) {
    const response = await page.goto(link);
    expect(response?.status()).toBe(status);
    await expect(page.getByTestId("invite-dead")).toContainText(text);
    await expect(page.getByRole("button", { name: /Join/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /to join/ })).toHaveCount(0);
  }
});

test("someone without an account signs up from the link and lands in the invited organization", async ({ page }) => {
  const org = `Newco ${randomUUID().slice(0, 6)}`;
  const owner = await createAccount({ plan: "pro", tenantName: org });
  const link = invite(owner.tenantId, owner.userId, { role: "viewer" });
  await page.goto(link);
  await expect(page.getByTestId("invite-summary")).toContainText(
    `${owner.email} invited you to join ${org} as a viewer`,
  );
  await page.getByRole("link", { name: "Create an account to join" }).click();
  const email = uniqueEmail("invited");
  const password = `Quiet lantern ${randomUUID()}`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toBeVisible();
  await page.getByRole("link", { name: "Continue to sign in" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await page.getByRole("button", { name: `Join ${org}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel("Organization")).toHaveValue(owner.tenantId);
});
