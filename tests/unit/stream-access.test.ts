/**
 * Issue 26, items 4 and 5, through the real server (the built app, `node build/server.js`): an alert stream
 * (/api/alerts/stream) ends, without sending the alert, once the access it was opened with ends (member removed,
 * token revoked, signed out, account deleted), each ended the way a person would end it, over HTTP; and open
 * streams are limited per session and per tenant with a 429, and give back everything they held when their
 * clients go away.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/modules/accounts/password-hash.server";
import {
  ensureBuild,
  freshDatabase,
  seedAccount,
  SESSION_SECRET,
  startServer,
  type RunningServer,
} from "../../bench/harness.js";

const PASSWORD = "correct horse battery staple 26";
const PER_TENANT = 6;

let server: RunningServer;
let dbFile: string;
let owner: { userId: string; tenantId: string; cookie: string };

const sessionCookie = createCookie("rampart_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [SESSION_SECRET],
});

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** A new session of an existing user: its Cookie header. */
async function newSession(userId: string, tenantId: string): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  withDb((db) =>
    db
      .prepare(
        "INSERT INTO sessions (id_hash, user_id, selected_tenant_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(createHash("sha256").update(id).digest("hex"), userId, tenantId, now, now, now + 86_400_000),
  );
  return (await sessionCookie.serialize(id)).split(";")[0];
}

/** A member of the owner's organization, with a real password (account deletion checks it) and a session. */
async function seedMember(role: "admin" | "member" | "viewer" = "member") {
  const userId = randomUUID();
  const hash = await hashPassword(PASSWORD);
  withDb((db) => {
    db.prepare("INSERT INTO users (id, email, password_hash, email_verified_at) VALUES (?, ?, ?, ?)").run(
      userId,
      `member-${userId.slice(0, 8)}@example.com`,
      hash,
      Date.now(),
    );
    db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, ?)").run(
      randomUUID(),
      userId,
      owner.tenantId,
      role,
    );
  });
  return { userId, cookie: await newSession(userId, owner.tenantId) };
}

/** A read token of the owner's organization, made by the owner. */
function seedToken(): { id: string; secret: string } {
  const id = randomUUID();
  const secret = "rmp_" + randomBytes(32).toString("base64url");
  withDb((db) =>
    db
      .prepare(
        "INSERT INTO api_tokens (id, tenant_id, name, scopes, token_hash, hint, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        id,
        owner.tenantId,
        "stream reader",
        JSON.stringify(["read"]),
        createHash("sha256").update(secret).digest("hex"),
        secret.slice(0, 8),
        owner.userId,
        Date.now(),
      ),
  );
  return { id, secret };
}

type OpenStream = {
  status: number;
  text: () => string;
  /** Resolves true once the server ended the stream, false when `ms` passed first. */
  endedWithin: (ms: number) => Promise<boolean>;
  waitFor: (needle: string, ms: number) => Promise<boolean>;
  abort: () => void;
};

/** Opens /api/alerts/stream and reads it in the background; answers once the first bytes arrived (or the error). */
async function openStream(headers: Record<string, string>): Promise<OpenStream & { body?: any }> {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/alerts/stream`, { headers, signal: controller.signal });
  if (res.status !== 200) {
    const body = await res.json().catch(() => null);
    return {
      status: res.status,
      body,
      text: () => "",
      endedWithin: async () => true,
      waitFor: async () => false,
      abort: () => controller.abort(),
      retryAfter: res.headers.get("Retry-After"),
    } as OpenStream & { body: any; retryAfter: string | null };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const listeners = new Set<() => void>();
  let ended = false;
  const first = await reader.read();
  text += decoder.decode(first.value ?? new Uint8Array());
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
        listeners.forEach((l) => l());
      }
    } catch {
      /* aborted by the test */
    }
    ended = true;
    listeners.forEach((l) => l());
  })();
  const until = (check: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (check()) return resolve(true);
      const timer = setTimeout(() => {
        listeners.delete(on);
        resolve(check());
      }, ms);
      const on = () => {
        if (!check()) return;
        clearTimeout(timer);
        listeners.delete(on);
        resolve(true);
      };
      listeners.add(on);
    });
  return {
    status: res.status,
    text: () => text,
    endedWithin: (ms) => until(() => ended, ms),
    waitFor: (needle, ms) => until(() => text.includes(needle), ms),
    abort: () => controller.abort(),
  };
}

async function raiseAlert(title: string) {
  const res = await fetch(`${server.url}/__test/raise-alert`, {
    method: "POST",
    headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ source: "detections", severity: "high", title }),
  });
  expect(res.status).toBe(201);
}

async function settingsForm(cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  await res.arrayBuffer();
  return res.status;
}

async function streamStats(): Promise<{ open: number; sessions: number; tenants: number; listeners: number }> {
  const res = await fetch(`${server.url}/__test/alert-streams`);
  expect(res.status).toBe(200);
  return res.json();
}

/** Polls the server's counts until they are all 0 (no fixed sleep: each poll is a request). */
async function countsReturnToZero(ms = 30_000) {
  const deadline = Date.now() + ms;
  let last = await streamStats();
  while (Date.now() < deadline && (last.open || last.sessions || last.tenants || last.listeners)) {
    await new Promise((r) => setTimeout(r, 50));
    last = await streamStats();
  }
  return last;
}

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-stream-access-");
  dbFile = db.file;
  owner = await seedAccount(dbFile, { plan: "business" });
  server = await startServer({
    dbFile,
    env: { RAMPART_TEST_ROUTES: "1", RAMPART_ALERT_STREAMS_PER_TENANT: String(PER_TENANT) },
  });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

describe("an alert stream ends with the access it was opened with", () => {
  /**
   * Each case: the owner's stream (the control: the alert is raised and streamed) and the subject's stream are
   * open; `end` ends the subject's access over HTTP; an alert is raised; the subject's stream must end without
   * its title.
   */
  async function expectEnds(subjectHeaders: Record<string, string>, end: () => Promise<void>) {
    const control = await openStream({ Cookie: owner.cookie });
    const subject = await openStream(subjectHeaders);
    expect(control.status).toBe(200);
    expect(subject.status).toBe(200);
    await end();
    const title = `Secret alert ${randomUUID()}`;
    await raiseAlert(title);
    expect(await control.waitFor(title, 10_000)).toBe(true);
    expect(await subject.endedWithin(10_000)).toBe(true);
    expect(subject.text()).not.toContain(title);
    control.abort();
  }

  it("when the member is removed from the organization", async () => {
    const member = await seedMember();
    await expectEnds({ Cookie: member.cookie }, async () => {
      expect(await settingsForm(owner.cookie, { intent: "remove-member", userId: member.userId })).toBe(200);
    });
  }, 60_000);

  it("when the API token is revoked", async () => {
    const token = seedToken();
    await expectEnds({ Authorization: `Bearer ${token.secret}` }, async () => {
      const res = await fetch(`${server.url}/api/tokens/${token.id}`, {
        method: "DELETE",
        headers: { Cookie: owner.cookie },
      });
      expect(res.status).toBe(204);
    });
  }, 60_000);

  it("when the session signs out", async () => {
    const member = await seedMember();
    await expectEnds({ Cookie: member.cookie }, async () => {
      const res = await fetch(`${server.url}/api/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: member.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(res.status).toBe(302);
    });
  }, 60_000);

  it("when the account is deleted", async () => {
    const member = await seedMember();
    await expectEnds({ Cookie: member.cookie }, async () => {
      expect(await settingsForm(member.cookie, { intent: "delete-account", password: PASSWORD })).toBe(302);
    });
  }, 60_000);

  it("releases every stream it ended", async () => {
    expect(await countsReturnToZero()).toEqual({ open: 0, sessions: 0, tenants: 0, listeners: 0 });
  }, 60_000);
});

describe("open alert streams are limited", () => {
  it("per session (4 by default) and per tenant, with 429 { message, code } and Retry-After; closing frees them", async () => {
    const second = await newSession(owner.userId, owner.tenantId);
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push(await openStream({ Cookie: owner.cookie }));
    expect(mine.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const fifth = (await openStream({ Cookie: owner.cookie })) as any;
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ code: "RATE_LIMITED", message: expect.stringMatching(/this session \(at most 4\)/) });
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);

    // Another session of the same organization: the tenant's limit (6 here) comes next.
    const other = [];
    for (let i = 0; i < PER_TENANT - 4; i++) other.push(await openStream({ Cookie: second }));
    expect(other.map((s) => s.status)).toEqual([200, 200]);
    const beyond = (await openStream({ Cookie: second })) as any;
    expect(beyond.status).toBe(429);
    expect(beyond.body).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/this organization \(at most 6\)/),
    });
    expect(await streamStats()).toEqual({ open: 6, sessions: 2, tenants: 1, listeners: 6 });

    // The clients go away (aborted, as a closed tab is): everything is released, and streams open again.
    for (const s of [...mine, ...other]) s.abort();
    expect(await countsReturnToZero()).toEqual({ open: 0, sessions: 0, tenants: 0, listeners: 0 });
    const again = await openStream({ Cookie: owner.cookie });
    expect(again.status).toBe(200);
    again.abort();
    expect(await countsReturnToZero()).toEqual({ open: 0, sessions: 0, tenants: 0, listeners: 0 });
  }, 60_000);

  it("2,000 streams opened and dropped leave no listener, count or memory behind", async () => {
    // 50 organizations, 4 streams each: 200 at a time, ten rounds.
    const accounts: { cookie: string }[] = [];
    for (let i = 0; i < 50; i++) accounts.push(await seedAccount(dbFile, { plan: "business" }));
    const round = async () => {
      const streams = await Promise.all(
        accounts.flatMap((a) => [0, 1, 2, 3].map(() => openStream({ Cookie: a.cookie }))),
      );
      expect(streams.filter((s) => s.status === 200).length).toBe(200);
      expect((await streamStats()).open).toBe(200);
      for (const s of streams) s.abort();
      expect(await countsReturnToZero()).toEqual({ open: 0, sessions: 0, tenants: 0, listeners: 0 });
    };
    await round();
    const baseline = server.rss()!;
    for (let i = 1; i < 10; i++) await round();
    const after = server.rss()!;
    console.log(JSON.stringify({ streams: 2000, rssBaselineMb: baseline >> 20, rssAfterMb: after >> 20 }));
    // Generous: the heap may grow and not shrink at once; leaking 1,800 streams' buffers would not fit.
    expect(after - baseline).toBeLessThan(150 * 1024 * 1024);
  }, 240_000);
});
