/**
 * Issue 26 §7: links in mail never take their host from the request. A forged
 * Host or X-Forwarded-Host on /forgot-password, at sign-up, on "Send a new
 * link" or on an invitation cannot point the mailed link at another site; the
 * link uses the configured public address (PUBLIC_URL or the operator's
 * `public-url`), and with none configured no link mail goes out and the server
 * log says why.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { configuredOrigin, NO_PUBLIC_URL_MESSAGE } from "~/lib/public-origin.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { operatorCommands } from "~/modules/operator";
import * as forgot from "~/routes/forgot-password";
import * as verifyEmail from "~/routes/_app.verify-email";
import * as settings from "~/routes/_app.settings";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness";
import { linkIn, mailboxForTheseTests, unfoldedBody } from "../support/test-mailbox";
import { settle, signedInUser } from "./helpers";

type Fn = (args: unknown) => unknown;
const mailbox = mailboxForTheseTests();
const EVIL = "http://evil.example";
const HOSTILE = { "X-Forwarded-Host": "evil.example", "Content-Type": "application/x-www-form-urlencoded" };
const PUBLIC = "https://rampart.example.org";

function setPublicUrl(value: string | undefined) {
  if (value === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = value;
  resetEnvForTests();
}

/** A form post as the app receives it when the client sent `Host: evil.example` (request.url is built from it). */
function hostilePost(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${EVIL}${path}`, {
    method: "POST",
    headers: { ...HOSTILE, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

const mailsTo = (email: string) => mailbox.received.filter((m) => m.to.includes(email));

beforeEach(() => resetRateLimits());
afterEach(() => setPublicUrl(undefined));

describe("with a configured public address, a forged host never reaches a mailed link", () => {
  it("password reset: the link uses PUBLIC_URL", async () => {
    setPublicUrl(PUBLIC);
    const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(email, `a long passphrase ${randomUUID()}`);
    const res = await settle(() =>
      (forgot.action as Fn)({ request: hostilePost("/forgot-password", { email }), params: {}, context: {} }),
    );
    expect(res.status).toBe(200);
    const { url } = linkIn((await mailbox.waitFor(email)).raw, "reset-password");
    expect(url.startsWith(`${PUBLIC}/reset-password/`)).toBe(true);
    expect(unfoldedBody((await mailbox.waitFor(email)).raw)).not.toContain("evil.example");
  });

  it("verification (Send a new link): the link uses PUBLIC_URL", async () => {
    setPublicUrl(PUBLIC);
    const u = await signedInUser(undefined, { verified: false });
    const res = await settle(() =>
      (verifyEmail.action as Fn)({ request: hostilePost("/verify-email", {}, u.cookie), params: {}, context: {} }),
    );
    expect(res.status).toBe(200);
    const { url } = linkIn((await mailbox.waitFor(u.user.email)).raw, "verify-email");
    expect(url.startsWith(`${PUBLIC}/verify-email/`)).toBe(true);
  });

  it("invitation: the mailed link uses PUBLIC_URL", async () => {
    setPublicUrl(PUBLIC);
    const owner = await signedInUser();
    const invitee = `inv-${randomUUID().slice(0, 8)}@example.com`;
    const res = await settle(() =>
      (settings.action as Fn)({
        request: hostilePost("/settings", { intent: "create-invite", role: "member", email: invitee }, owner.cookie),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).mailed).toBe(true);
    const { url } = linkIn((await mailbox.waitFor(invitee)).raw, "invite");
    expect(url.startsWith(`${PUBLIC}/invite/`)).toBe(true);
  });

  it("the operator's stored address serves when PUBLIC_URL is not set", async () => {
    setPublicUrl(undefined);
    expect(operatorCommands.publicUrl()).toMatch(/No public address/);
    expect(() => operatorCommands.publicUrl("ftp://x.example")).toThrow(/https/);
    expect(() => operatorCommands.publicUrl("https://x.example/path?q=1")).toThrow(/origin/);
    expect(operatorCommands.publicUrl("https://stored.example.org/")).toMatch(/https:\/\/stored\.example\.org/);
    try {
      expect(configuredOrigin()).toBe("https://stored.example.org");
      const email = `stored-${randomUUID().slice(0, 8)}@example.com`;
      await createUser(email, `a long passphrase ${randomUUID()}`);
      await settle(() =>
        (forgot.action as Fn)({ request: hostilePost("/forgot-password", { email }), params: {}, context: {} }),
      );
      const { url } = linkIn((await mailbox.waitFor(email)).raw, "reset-password");
      expect(url.startsWith("https://stored.example.org/reset-password/")).toBe(true);
    } finally {
      // Later tests in this file need no configured address.
      expect(operatorCommands.publicUrl("unset")).toMatch(/removed/);
      expect(configuredOrigin()).toBeNull();
    }
  });
});

describe("without a configured public address no link mail is sent", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    setPublicUrl(undefined);
    warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
  const logged = () => warn.mock.calls.map((c: unknown[]) => String(c[0])).join("\n");

  it("password reset: the same neutral answer for a known and an unknown address, no mail, the log says why", async () => {
    expect(configuredOrigin()).toBeNull();
    const email = `none-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(email, `a long passphrase ${randomUUID()}`);
    const call = (e: string) =>
      settle(() =>
        (forgot.action as Fn)({ request: hostilePost("/forgot-password", { email: e }), params: {}, context: {} }),
      );
    const known = await call(email);
    const unknown = await call(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.json();
    expect(body).toEqual(await unknown.json());
    expect(body.message).toBe(NO_PUBLIC_URL_MESSAGE);
    expect(logged()).toMatch(/password-reset mail not sent: no public address is configured.*PUBLIC_URL/);
    // Give a wrongly sent mail time to arrive before saying none did.
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toHaveLength(0);
  });

  it("verification and invitation: not mailed, the person is told, the log says why", async () => {
    const u = await signedInUser(undefined, { verified: false });
    const resend = await settle(() =>
      (verifyEmail.action as Fn)({ request: hostilePost("/verify-email", {}, u.cookie), params: {}, context: {} }),
    );
    expect(resend.status).toBe(503);
    expect((await resend.json()).message).toBe(NO_PUBLIC_URL_MESSAGE);
    expect(logged()).toMatch(/verification mail not sent/);

    const owner = await signedInUser();
    const invitee = `inv-${randomUUID().slice(0, 8)}@example.com`;
    const res = await settle(() =>
      (settings.action as Fn)({
        request: hostilePost("/settings", { intent: "create-invite", role: "member", email: invitee }, owner.cookie),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.mailed).toBe(false);
    expect(body.ok).toMatch(/public address is not configured \(PUBLIC_URL\), so nothing was mailed/);
    expect(logged()).toMatch(/invitation mail not sent/);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(u.user.email)).toHaveLength(0);
    expect(mailsTo(invitee)).toHaveLength(0);
  });
});

describe("through the real server (npm start) with Host and X-Forwarded-Host forged", () => {
  let configured: RunningServer;
  let unconfigured: RunningServer;
  const victim = {
    a: `victim-${randomUUID().slice(0, 8)}@example.com`,
    b: `victim-${randomUUID().slice(0, 8)}@example.com`,
  };

  beforeAll(async () => {
    await ensureBuild();
    const a = freshDatabase("rampart-link-origin-");
    const b = freshDatabase("rampart-link-origin-none-");
    await seedAccount(a.file, { email: victim.a });
    await seedAccount(b.file, { email: victim.b });
    const smtp = {
      SMTP_HOST: mailbox.config.host,
      SMTP_PORT: String(mailbox.config.port),
      SMTP_SECURE: "0",
      SMTP_FROM: mailbox.config.from,
      // X-Forwarded-Host is honoured only from a trusted proxy: trust the test itself, the worst case.
      TRUST_PROXY: "1",
    };
    [configured, unconfigured] = await Promise.all([
      startServer({ dbFile: a.file, env: { ...smtp, PUBLIC_URL: PUBLIC } }),
      startServer({ dbFile: b.file, env: { ...smtp, PUBLIC_URL: "" } }),
    ]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([configured?.stop("SIGKILL"), unconfigured?.stop("SIGKILL")]);
  });

  const forge = (server: RunningServer, email: string) =>
    fetch(`${server.url}/forgot-password`, {
      method: "POST",
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", ...HOSTILE },
      body: new URLSearchParams({ email }),
      redirect: "manual",
    });

  it("mails the victim a link on the configured origin", async () => {
    const res = await forge(configured, victim.a);
    expect(res.status).toBe(200);
    const mail = await mailbox.waitFor(victim.a);
    const { url } = linkIn(mail.raw, "reset-password");
    expect(url.startsWith(`${PUBLIC}/reset-password/`)).toBe(true);
    expect(unfoldedBody(mail.raw)).not.toContain("evil.example");
  });

  it("with no configured origin mails nothing, says so on the page and on the operator's log", async () => {
    expect(unconfigured.lines.join("\n")).toMatch(
      /PUBLIC_URL is not set: password-reset, verification and invitation links are not mailed/,
    );
    const res = await forge(unconfigured, victim.b);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(NO_PUBLIC_URL_MESSAGE.replace(/'/g, "&#x27;").slice(0, 40));
    for (let i = 0; i < 100 && !/password-reset mail not sent/.test(unconfigured.stderr()); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(unconfigured.stderr()).toMatch(/password-reset mail not sent: no public address is configured/);
    expect(mailsTo(victim.b)).toHaveLength(0);
  });
});
