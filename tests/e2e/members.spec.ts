/**
 * Members on /settings (issue 3 §5): an owner creates an invitation link for a role, a second user opens it and joins
 * (within the joiner's organization limit), the owner changes the role and removes the member, and the last owner
 * cannot be demoted. Invitations given an address are mailed (loopback SMTP, tests/e2e/start-server.ts); the joiner
 * follows the link from the mail.
 */
import type { Browser, Page } from "@playwright/test";
import { createAccount, expect, mailbox, test, uniqueEmail, type LoginOptions } from "./fixtures";

async function signedInPage(browser: Browser, opts: LoginOptions, javaScriptEnabled = true) {
  const account = await createAccount(opts);
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([
    {
      name: "rampart_session",
      value: account.cookieValue,
      domain: "127.0.0.1",
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return { account, page: await context.newPage(), context };
}

/** Creates an invitation on /settings; given `to`, it is mailed there and the path comes from the mail. */
async function createInvite(page: Page, role: "admin" | "member", to?: string) {
  await page.goto("/settings/members");
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  if (to) await page.getByLabel("E-mail address (optional)").fill(to);
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const url = page.getByTestId("invite-url");
  await expect(url).toHaveValue(/\/invite\/[\w-]+$/);
  const shown = await url.inputValue();
  if (!to) {
    await expect(page.getByRole("status").filter({ hasText: "Invitation link created" })).toBeVisible();
    return new URL(shown).pathname;
  }
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${to}` })).toBeVisible();
  const mail = await mailbox.latest(to, { subject: /invited you to/ });
  const link = mail.link(/https?:\/\/\S+\/invite\/[\w-]+/);
  expect(link).toBe(shown);
  return new URL(link).pathname;
}

const memberRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

test("invite for a role, join, change the role, remove; the last owner stays", async ({ browser }) => {
  test.setTimeout(90_000);
  const owner = await signedInPage(browser, { plan: "business", tenantName: "Owner Org" });
  const joiner = await signedInPage(browser, { plan: "pro", tenantName: "Joiner Home" });

  const invitePath = await createInvite(owner.page, "admin", joiner.account.email);
  await expect(owner.page.getByText(/Open admin invitation/)).toBeVisible();

  await joiner.page.goto(invitePath);
  await joiner.page.getByRole("button", { name: /^Join / }).click();
  await expect(joiner.page).toHaveURL(/\/dashboard$/);
  await expect(joiner.page.getByLabel("Organization").locator("option:checked")).toHaveText("Owner Org");
  // Joining is not creating (issue 32): only organizations the joiner owns count toward the allowance.
  await expect(joiner.page.getByTestId("organization-count")).toContainText("Organizations: 1/3");
  // As admin of a business organization the joiner reaches the admin area.
  expect((await joiner.page.goto("/admin"))?.status()).toBe(200);

  // A used link does not work twice.
  const third = await signedInPage(browser, { plan: "pro" });
  // The page says so up front, with no button (issue 32).
  await third.page.goto(invitePath);
  await expect(third.page.getByTestId("invite-dead")).toContainText("has already been used");
  await expect(third.page.getByRole("button", { name: /^Join / })).toHaveCount(0);

  // The owner sees the new member with the invited role, then makes them a member.
  await owner.page.goto("/settings/members");
  const row = memberRow(owner.page, joiner.account.email);
  await expect(row).toContainText("admin");
  await owner.page.getByLabel(`Role for ${joiner.account.email}`).selectOption("member");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("cell").nth(1)).toHaveText("member");
  await owner.page.reload();
  await expect(memberRow(owner.page, joiner.account.email).getByRole("cell").nth(1)).toHaveText("member");
  // As a member, the admin area answers 403.
  const asMember = await joiner.page.goto("/admin");
  expect(asMember?.status()).toBe(403);
  await expect(joiner.page.getByRole("heading", { name: "Access forbidden" })).toBeVisible();

  // The last owner cannot be demoted.
  await owner.page.getByLabel(`Role for ${owner.account.email}`).selectOption("member");
  await memberRow(owner.page, owner.account.email).getByRole("button", { name: "Save" }).click();
  await expect(owner.page.getByRole("alert")).toHaveText("An organization must keep at least one owner.");
  await owner.page.reload();
  await expect(memberRow(owner.page, owner.account.email).getByRole("cell").nth(1)).toHaveText("owner");

  // Remove the member.
  await owner.page.getByRole("button", { name: `Remove ${joiner.account.email}` }).click();
  await expect(owner.page.getByRole("status").filter({ hasText: "Member removed." })).toBeVisible();
  await expect(memberRow(owner.page, joiner.account.email)).toHaveCount(0);
  const list = await (await joiner.page.request.get("/api/tenants")).json();
  expect(list.map((t: { tenant: { name: string } }) => t.tenant.name)).toEqual(["Joiner Home"]);

  await Promise.all([owner.context.close(), joiner.context.close(), third.context.close()]);
});

test("joining is not creating: a Free user at the organization limit still joins (issue 32)", async ({ browser }) => {
  const owner = await signedInPage(browser, { plan: "enterprise" });
  const joiner = await signedInPage(browser, { plan: "free" });
  const invitePath = await createInvite(owner.page, "member");
  await joiner.page.goto(invitePath);
  await joiner.page.getByRole("button", { name: /^Join / }).click();
  await expect(joiner.page).toHaveURL(/\/dashboard$/);
  expect(await (await joiner.page.request.get("/api/tenants")).json()).toHaveLength(2);
  await owner.page.goto("/settings/members");
  await expect(memberRow(owner.page, joiner.account.email)).toHaveCount(1);
  await Promise.all([owner.context.close(), joiner.context.close()]);
});

test("a signed-out visitor opening an invitation sees who invited them and signs in to join", async ({
  page,
  browser,
}) => {
  const owner = await signedInPage(browser, { plan: "business" });
  const invitePath = await createInvite(owner.page, "member", uniqueEmail("invitee"));
  await page.goto(invitePath);
  await expect(page.getByTestId("invite-summary")).toContainText("as a member (works with");
  await expect(page.getByRole("link", { name: "Sign in to join" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(invitePath)}`,
  );
  await owner.context.close();
});

test("without JavaScript: an invitation mailed to an address, joined from the mail's link", async ({ browser }) => {
  const owner = await signedInPage(browser, { plan: "business", tenantName: "Plain Org" }, false);
  const joiner = await signedInPage(browser, { plan: "pro", tenantName: "Plain Home" }, false);
  const invitePath = await createInvite(owner.page, "member", joiner.account.email);
  await joiner.page.goto(invitePath);
  await joiner.page.getByRole("button", { name: /^Join / }).click();
  await expect(joiner.page).toHaveURL(/\/dashboard$/);
  await owner.page.goto("/settings/members");
  await expect(memberRow(owner.page, joiner.account.email).getByRole("cell").nth(1)).toHaveText("member");
  await Promise.all([owner.context.close(), joiner.context.close()]);
});
