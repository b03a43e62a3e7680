/**
 * Two-factor sign-in and sessions (issue 33), in a real browser against the built app: enrol TOTP on
 * /settings/security and sign in with a generated code at /login/2fa; a recovery code works once and not twice;
 * an owner requires two-factor and a member is sent to enrolment at the next sign-in (and cannot use the app
 * before); "Sign out everywhere else" ends a second browser's session. Codes are computed here from the key the
 * page shows, as an authenticator app would (RFC 6238 with node:crypto), not by the app's own library.
 */
import { createHmac } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createAccount, expect, openDb, test, type LoginOptions } from "./fixtures";

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of input.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator app shows at `at` (ms) for this base32 key. */
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Sets up two-factor on /settings/security; answers the key and the recovery codes shown once. */
async function enrolOnSettings(page: Page) {
  await page.goto("/settings/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("two-factor-secret").getAttribute("data-secret"))!;
  await expect(page.getByRole("img", { name: /QR code for your authenticator app/ })).toBeVisible();
  await page.getByLabel("Code from your app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor sign-in is on." })).toBeVisible();
  const codes = await page.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes left");
  return { secret, codes };
}

/** An account with a password and no session yet (each browser here signs in through the form). */
async function account(opts: LoginOptions = {}) {
  const a = await createAccount(opts);
  const db = openDb();
  db.prepare("DELETE FROM sessions WHERE user_id = ?").run(a.userId);
  db.close();
  return a;
}

test("enrol TOTP, sign in with a generated code; a recovery code signs in once and not twice", async ({ browser }) => {
  test.setTimeout(90_000);
  const me = await account();
  const first = await freshPage(browser);
  await signInWithPassword(first.page, me.email, me.password);
  await expect(first.page).toHaveURL(/\/dashboard/);
  const { secret, codes } = await enrolOnSettings(first.page);

  // A new browser: the password alone is not enough; the app is closed until the second step.
  const second = await freshPage(browser);
  await signInWithPassword(second.page, me.email, me.password);
  await expect(second.page).toHaveURL(/\/login\/2fa/);
  await second.page.goto("/dashboard");
  await expect(second.page).toHaveURL(/\/login\?/);
  await second.page.goto("/login/2fa");
  await second.page.getByLabel("Code", { exact: true }).fill("000000");
  await second.page.getByRole("button", { name: "Verify" }).click();
  await expect(second.page.getByText("That code is not right or was already used.")).toBeVisible();
  // The code enrolment used was spent: the next step's code (within the ±1 window) signs in.
  await second.page.getByLabel("Code", { exact: true }).fill(totp(secret, Date.now() + 30_000));
  await second.page.getByRole("button", { name: "Verify" }).click();
  await expect(second.page).toHaveURL(/\/dashboard/);

  // A recovery code instead of the app: once.
  const third = await freshPage(browser);
  await signInWithPassword(third.page, me.email, me.password);
  await third.page.getByLabel("Code", { exact: true }).fill(codes[0]);
  await third.page.getByRole("button", { name: "Verify" }).click();
  await expect(third.page).toHaveURL(/\/dashboard/);
  await third.page.goto("/settings/security");
  await expect(third.page.getByTestId("two-factor-status")).toContainText("9 of 10 recovery codes left");

  const fourth = await freshPage(browser);
  await signInWithPassword(fourth.page, me.email, me.password);
  await fourth.page.getByLabel("Code", { exact: true }).fill(codes[0]);
  await fourth.page.getByRole("button", { name: "Verify" }).click();
  await expect(fourth.page.getByText("That code is not right or was already used.")).toBeVisible();
  await expect(fourth.page).toHaveURL(/\/login\/2fa/);
  for (const c of [first, second, third, fourth]) await c.context.close();
});

test("an owner requires two-factor; a member without it is sent to enrolment and cannot use the app before", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await account({ tenantName: "Policy Org" });
  const member = await account();
  const db = openDb();
  db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'member')").run(
    crypto.randomUUID(),
    member.userId,
    owner.tenantId,
  );
  db.close();

  const o = await freshPage(browser);
  await signInWithPassword(o.page, owner.email, owner.password);
  await expect(o.page).toHaveURL(/\/dashboard/);
  // Without two-factor of their own, the owner is told to turn it on first.
  await o.page.goto("/settings/organization");
  await o.page.getByLabel("Require two-factor sign-in for all members").check();
  await o.page.getByRole("button", { name: "Save" }).click();
  await expect(
    o.page.getByRole("alert").filter({ hasText: "Turn on two-factor sign-in for your own account first" }),
  ).toBeVisible();
  await enrolOnSettings(o.page);
  await o.page.goto("/settings/organization");
  await o.page.getByLabel("Require two-factor sign-in for all members").check();
  await o.page.getByRole("button", { name: "Save" }).click();
  await expect(o.page.getByRole("status").filter({ hasText: "Two-factor sign-in is now required" })).toBeVisible();
  await o.page.goto("/settings/members");
  const row = o.page.getByRole("row").filter({ hasText: member.email });
  await expect(row.getByTestId("member-two-factor")).toHaveText("Off: enrols at next sign-in");
  await expect(o.page.getByRole("row").filter({ hasText: owner.email }).getByTestId("member-two-factor")).toHaveText(
    "On",
  );

  const m = await freshPage(browser);
  await signInWithPassword(m.page, member.email, member.password);
  await expect(m.page).toHaveURL(/\/login\/2fa/);
  await expect(m.page.getByTestId("enrolment-required")).toContainText("Policy Org requires two-factor sign-in");
  await m.page.goto("/settings");
  await expect(m.page).toHaveURL(/\/login\?/);
  await m.page.goto("/login/2fa");
  const secret = (await m.page.getByTestId("two-factor-secret").getAttribute("data-secret"))!;
  await m.page.getByLabel("Code from your app").fill(totp(secret));
  await m.page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(m.page.getByTestId("two-factor-on")).toBeVisible();
  await expect(m.page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await m.page.getByRole("link", { name: "Continue" }).click();
  await expect(m.page).toHaveURL(/\/dashboard/);

  await o.page.reload();
  await expect(row.getByTestId("member-two-factor")).toHaveText("On");
  await o.context.close();
  await m.context.close();
});

test("Sign out everywhere else ends a second browser's session", async ({ browser }) => {
  const me = await account();
  const a = await freshPage(browser);
  const b = await freshPage(browser);
  await signInWithPassword(a.page, me.email, me.password);
  await signInWithPassword(b.page, me.email, me.password);
  await expect(b.page).toHaveURL(/\/dashboard/);
  await a.page.goto("/settings/security");
  const rows = a.page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("This session");
  await expect(rows.first()).toContainText(/Chrome/);
  await a.page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(a.page.getByRole("status").filter({ hasText: "Signed out 1 other session." })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await b.page.goto("/dashboard");
  await expect(b.page).toHaveURL(/\/login\?/);
  await a.page.goto("/dashboard");
  await expect(a.page).toHaveURL(/\/dashboard/);
  await a.context.close();
  await b.context.close();
});
