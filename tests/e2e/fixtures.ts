/**
 * Playwright fixtures. `login()` inserts a user, an organization and a
 * session straight into the e2e database (Epic Stack style) and sets the
 * signed session cookie, so tests start signed in without the UI.
 * `checkA11y()` runs axe-core and fails on serious or critical violations.
 * `mailbox.latest(to)` reads the newest message the e2e server mailed to an address (its loopback SMTP server
 * writes each one to E2E_MAIL_DIR, tests/e2e/start-server.ts), so a test follows the link a person would.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID, createHash } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { hashPassword } from "../../app/modules/accounts/password-hash.server";
import { E2E_DB, E2E_MAIL_DIR, E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";

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

export type ReceivedMessage = {
  subject: string;
  text: string;
  to: string[];
  file: string;
  link: (re?: RegExp) => string;
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
}

/** The mail the e2e server sent, read from the files its loopback SMTP server wrote. */
export const mailbox = {
  /**
   * Waits (up to `timeoutMs`) for the newest message to `to`, optionally whose subject matches and that arrived after
   * the message `after` (its `file`), and returns it parsed.
   */
  async latest(
    to: string,
    opts: { subject?: RegExp | string; after?: string; timeoutMs?: number } = {},
  ): Promise<ReceivedMessage> {
    const want = to.toLowerCase();
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    for (;;) {
      // File names start with the arrival time in ms, so the names sort oldest first.
      const names = fs.existsSync(E2E_MAIL_DIR)
        ? fs
            .readdirSync(E2E_MAIL_DIR)
            .filter((n) => n.endsWith(".eml") && !n.startsWith("."))
            .sort()
            .reverse()
        : [];
      for (const name of names) {
        if (opts.after !== undefined && name <= opts.after) break;
        const parsed = await simpleParser(fs.readFileSync(path.join(E2E_MAIL_DIR, name)));
        const rcpt = addresses(parsed.to);
        if (!rcpt.includes(want)) continue;
        const subject = parsed.subject ?? "";
        if (opts.subject !== undefined) {
          const ok = typeof opts.subject === "string" ? subject.includes(opts.subject) : opts.subject.test(subject);
          if (!ok) continue;
        }
        const text = parsed.text ?? "";
        return {
          subject,
          text,
          to: rcpt,
          file: name,
          link(re = /https?:\/\/\S+/) {
            const m = text.match(new RegExp(re.source, re.flags.replace("g", "")));
            if (!m) throw new Error(`No link matching ${re} in the mail "${subject}" to ${to}:\n${text}`);
            return m[0];
          },
        };
      }
      if (Date.now() > deadline) throw new Error(`No mail to ${to}${opts.subject ? ` (subject ${opts.subject})` : ""}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  },
};

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
