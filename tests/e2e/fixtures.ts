/**
 * Playwright fixtures. `login()` inserts a user, an organization and a
 * session straight into the e2e database (Epic Stack style) and sets the
 * signed session cookie, so tests start signed in without the UI.
 * `checkA11y()` runs axe-core and fails on serious or critical violations.
 */
import { randomBytes, randomUUID, createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { hashPassword } from "../../app/modules/accounts/password-hash.server";
import { E2E_DB, E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";

export type Plan = "free" | "pro" | "business" | "enterprise";

export function openDb() {
  const db = new Database(E2E_DB);
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  return db;
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

const sessionCookie = createCookie("rampart_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [E2E_SESSION_SECRET],
});

export type LoginOptions = {
  plan?: Plan;
  email?: string;
  password?: string;
  trial?: boolean;
  tenantName?: string;
  /** The e-mail address is verified unless a test asks otherwise (issue 20: unverified accounts cannot invite). */
  verified?: boolean;
};
export type LoggedIn = { userId: string; email: string; password: string; tenantId: string };

export async function createAccount(opts: LoginOptions = {}): Promise<LoggedIn & { cookieValue: string }> {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? `Correct horse ${randomUUID()}`;
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  const tenantId = randomUUID();
  const sessionId = randomBytes(32).toString("base64url");
  const now = Date.now();
  const db = openDb();
  try {
    db.transaction(() => {
      db.prepare("INSERT INTO users (id, email, password_hash, email_verified_at) VALUES (?, ?, ?, ?)").run(
        userId,
        email,
        passwordHash,
        opts.verified === false ? null : now,
      );
      db.prepare("INSERT INTO tenants (id, name, plan) VALUES (?, ?, ?)").run(
        tenantId,
        opts.tenantName ?? "Personal",
        opts.plan ?? "free",
      );
      db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'owner')").run(
        randomUUID(),
        userId,
        tenantId,
      );
      if (opts.trial) {
        db.prepare("INSERT INTO trials (id, tenant_id, status, started_at, ends_at) VALUES (?, ?, 'active', ?, ?)").run(
          randomUUID(),
          tenantId,
          now,
          now + 14 * 86_400_000,
        );
      }
      db.prepare(
        "INSERT INTO sessions (id_hash, user_id, selected_tenant_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(createHash("sha256").update(sessionId).digest("hex"), userId, tenantId, now, now, now + 30 * 86_400_000);
    })();
  } finally {
    db.close();
  }
  const header = await sessionCookie.serialize(sessionId);
  const cookieValue = header.split(";")[0].slice("rampart_session=".length);
  return { userId, email, password, tenantId, cookieValue };
}

export async function checkA11y(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

export const test = base.extend<{ login: (opts?: LoginOptions) => Promise<LoggedIn> }>({
  login: async ({ context }, use) => {
    await use(async (opts = {}) => {
      const account = await createAccount(opts);
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
      const { cookieValue: _c, ...rest } = account;
      return rest;
    });
  },
});

export { expect, E2E_PORT };
