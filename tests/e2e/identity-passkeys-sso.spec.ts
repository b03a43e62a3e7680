/**
 * Passkeys and single sign-on end to end (issue 33 part B).
 *
 * The spec starts its own server (bench/harness.ts) because both need settings the shared e2e server has not:
 * - WebAuthn refuses an IP address as relying party, so the app's public address here is http://localhost:<port>
 *   (the RP ID is its host name);
 * - the identity provider is a REAL OpenID Provider (npm oidc-provider) on loopback, which the app reaches only
 *   where the operator allows private targets (RAMPART_ALLOW_PRIVATE_TARGETS=1).
 * Passkeys use Chromium's virtual authenticator (CDP WebAuthn.addVirtualAuthenticator: ctap2, internal, resident
 * keys, user verification), not a stubbed verification. The provider finishes its login interaction for the
 * account named by the login hint, as a person who is already signed in at their provider would see it.
 * A registered passkey is also a second factor: a password sign-in then asks for it at /login/2fa.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID, scryptSync } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext } from "@playwright/test";
import Provider from "oidc-provider";
import {
  ensureBuild,
  freePort,
  freshDatabase,
  seedAccount,
  startServer,
  type RunningServer,
} from "../../bench/harness";

test.describe.configure({ mode: "serial" });

const DOMAIN = "corp-e2e.example";
const CLIENT_SECRET = `e2e-client-secret-${randomUUID()}`;
const GROUPS: Record<string, string[]> = { [`alice@${DOMAIN}`]: ["security-team"] };

let server: RunningServer;
let origin: string;
let db: { dir: string; file: string };
let owner: { userId: string; tenantId: string; cookie: string };
let op: http.Server;
let issuer: string;

async function startProvider(redirectUri: string) {
  op = http.createServer();
  await new Promise<void>((resolve) => op.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(op.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "rampart-e2e",
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    cookies: { keys: ["e2e-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: sub, email_verified: true, name: sub.split("@")[0], groups: GROUPS[sub] ?? [] };
        },
      };
    },
  });
  const callback = provider.callback();
  op.on("request", async (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(details.params.login_hint);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await ensureBuild();
  db = freshDatabase("rampart-identity-e2e-");
  owner = await seedAccount(db.file, { plan: "business", email: `owner@${DOMAIN}`, tenantName: "Corp E2E" });
  // The organization has verified its domain (the breach module's DNS TXT check, done here directly).
  const sql = new Database(db.file);
  sql
    .prepare(
      "INSERT INTO watched_identities (id, tenant_id, type, value, domain, verified) VALUES (?, ?, 'domain', ?, ?, 1)",
    )
    .run(randomUUID(), owner.tenantId, DOMAIN, DOMAIN);
  sql.close();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  await startProvider(`${origin}/login/sso/callback`);
  server = await startServer({
    dbFile: db.file,
    port,
    env: {
      PUBLIC_URL: origin,
      RAMPART_ALLOW_PRIVATE_TARGETS: "1",
      RAMPART_FEEDS: "off",
      HIBP_SYNC: "0",
      RAMPART_JOBS: "0",
    },
    quietLog: true,
  });
});

test.afterAll(async () => {
  await server?.stop();
  op?.close();
});

async function signedIn(context: BrowserContext) {
  const [name, value] = owner.cookie.split("=");
  await context.addCookies([{ name, value, url: origin }]);
}

test("a person registers a passkey and signs in with it alone", async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await signedIn(context);
  await page.goto(`${origin}/settings/passkeys`);
  await expect(page.getByTestId("no-passkeys")).toBeVisible();
  await expect(page.locator("form[data-hydrated=true]")).toBeVisible();
  await page.getByLabel("Name for the new passkey").fill("Work laptop");
  await page.getByTestId("add-passkey").click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey “Work laptop” added." })).toBeVisible();
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);
  await expect(page.getByLabel("Name of this passkey")).toHaveValue("Work laptop");

  // Signed out: no password, no e-mail, only the passkey.
  await context.clearCookies();
  await page.goto(`${origin}/login`);
  await expect(page.locator("div[data-hydrated=true]")).toBeVisible();
  await page.getByTestId("passkey-sign-in").click();
  await page.waitForURL(`${origin}/dashboard`);
  await page.goto(`${origin}/settings/passkeys`);
  // A date in the browser's locale (en-US here), not "Never".
  await expect(page.getByTestId("passkey-row")).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await expect(page.getByTestId("passkey-row").getByText("Never")).toHaveCount(0);
});

/** The stored form of a password, as the app's hashPassword writes it (scrypt, N=2^15, r=8, p=1). */
function passwordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${2 ** 15}$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

test("after a password, a person with a passkey uses it as the second step", async ({ page, context }) => {
  const email = `second-factor-${randomUUID().slice(0, 8)}@passkey-e2e.example`;
  const password = `A long e2e passphrase ${randomUUID()}`;
  const person = await seedAccount(db.file, { email, tenantName: "Passkey Second Factor" });
  const sql = new Database(db.file);
  sql.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash(password), person.userId);
  sql.close();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const [name, value] = person.cookie.split("=");
  await context.addCookies([{ name, value, url: origin }]);
  await page.goto(`${origin}/settings/passkeys`);
  await expect(page.locator("form[data-hydrated=true]")).toBeVisible();
  await page.getByLabel("Name for the new passkey").fill("Phone");
  await page.getByTestId("add-passkey").click();
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);

  // Signed out, then the password: the passkey is asked for as the second step.
  await context.clearCookies();
  await page.goto(`${origin}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/login\/2fa/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // No app codes for this person: the code form is not offered, only the passkey.
  await expect(page.getByLabel("Code")).toHaveCount(0);
  await expect(page.locator("div[data-hydrated=true]")).toBeVisible();
  await page.getByTestId("passkey-second-factor").click();
  await page.waitForURL(`${origin}/dashboard`);
  await page.goto(`${origin}/settings/passkeys`);
  // A date in the browser's locale (en-US here), not "Never".
  await expect(page.getByTestId("passkey-row")).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
});

test("an organization connects its provider and a new person signs in through it with the mapped role", async ({
  page,
  context,
  browser,
}) => {
  await signedIn(context);
  await page.goto(`${origin}/settings/sso`);
  await expect(page.getByTestId("redirect-uri")).toHaveText(`${origin}/login/sso/callback`);
  await page.getByLabel("Issuer URL").fill(issuer);
  await page.getByLabel("Client ID").fill("rampart-e2e");
  await page.getByLabel("Client secret").fill(CLIENT_SECRET);
  await page.getByLabel("E-mail domains").fill(DOMAIN);
  await page.getByLabel("Role of people signing in for the first time").selectOption("viewer");
  await page.getByLabel("Groups claim (optional)").fill("groups");
  await page.getByLabel("Groups to roles (optional)").fill("security-team = admin");
  await page.getByRole("button", { name: "Connect and test" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Single sign-on saved" })).toBeVisible();
  // The secret is never sent back: the page shown again has an empty field and no trace of it.
  await page.reload();
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  expect(await page.content()).not.toContain(CLIENT_SECRET);

  // A new person, in a browser that has never seen Rampart.
  const fresh = await browser.newContext();
  const p2 = await fresh.newPage();
  await p2.goto(`${origin}/login`);
  await p2.getByLabel("Work address").fill(`alice@${DOMAIN}`);
  await p2.getByRole("button", { name: "Continue with single sign-on" }).click();
  await p2.waitForURL(`${origin}/dashboard`);
  await p2.goto(`${origin}/settings/members`);
  await expect(p2.getByText(`alice@${DOMAIN}`).first()).toBeVisible();
  await fresh.close();

  const sql = new Database(db.file, { readonly: true });
  const row = sql
    .prepare("SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ? AND m.tenant_id = ?")
    .get(`alice@${DOMAIN}`, owner.tenantId) as { role: string } | undefined;
  sql.close();
  expect(row?.role).toBe("admin");
});

test("an address no organization covers is sent back to sign-in saying so", async ({ page }) => {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Work address").fill("someone@uncovered.example");
  await page.getByRole("button", { name: "Continue with single sign-on" }).click();
  await expect(page.getByTestId("sso-notice")).toHaveText(/not set up for that e-mail domain/);
});
