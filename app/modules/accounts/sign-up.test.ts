/**
 * Issue 26 §14: sign-up does not tell whether an address has an account. A new
 * and an existing address get the same status, page and message, after about
 * the same time; nobody is signed in by it; the new address is mailed its
 * verification link and the existing account's owner a notice, and no second
 * account appears.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "./schema";
import { db } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import * as signup from "~/routes/signup";
import { linkIn, mailboxForTheseTests, unfoldedBody } from "../../../tests/support/test-mailbox";
import { BASE, settle } from "../../../tests/unit/helpers";
import { createUser, verifyLogin } from "./accounts.server";

type Fn = (args: unknown) => unknown;
const mailbox = mailboxForTheseTests();
beforeAll(() => {
  process.env.PUBLIC_URL = BASE;
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});
beforeEach(() => resetRateLimits());

const OWNER_PASSWORD = "the owner's own long passphrase";
const fresh = (p: string) => `${p}-${randomUUID().slice(0, 8)}@example.com`;

async function signUp(email: string, password = `Ledger ${randomUUID()} Orbit`) {
  resetRateLimits();
  const started = performance.now();
  const res = await settle(() =>
    (signup.action as Fn)({
      request: new Request(`${BASE}/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password }).toString(),
      }),
      params: {},
      context: {},
    }),
  );
  const ms = performance.now() - started;
  const body = (await res.json()) as { done: string | null; errors: Record<string, string> };
  return { status: res.status, cookie: res.headers.get("set-cookie"), body, ms };
}

/** The answer with the address taken out, to compare two addresses' answers. */
const shape = (a: Awaited<ReturnType<typeof signUp>>, email: string) => ({
  status: a.status,
  cookie: a.cookie,
  body: JSON.parse(JSON.stringify(a.body).split(email).join("<address>")),
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("sign-up with an address that already has an account", () => {
  it("answers exactly as for a new address, signs nobody in, mails the owner a notice and makes no second account", async () => {
    const taken = fresh("owner");
    const { user: owner } = await createUser(taken, OWNER_PASSWORD);
    const newcomer = fresh("new");

    const forNew = await signUp(newcomer);
    const forTaken = await signUp(taken.toUpperCase());
    expect(forNew.status).toBe(200);
    expect(shape(forTaken, taken)).toEqual(shape(forNew, newcomer));
    expect(forNew.cookie).toBeNull();
    expect(forNew.body.done).toMatch(/^Thanks\. We sent a message to .*: follow its link to confirm the address/);

    // The owner is told; the newcomer gets the verification link.
    const notice = unfoldedBody((await mailbox.waitFor(taken)).raw);
    expect(notice).toContain("Subject: Someone tried to create a Rampart account with your address");
    expect(notice).toContain(`${BASE}/login`);
    expect(notice).toContain(`${BASE}/forgot-password`);
    expect(linkIn((await mailbox.waitFor(newcomer)).raw, "verify-email").url.startsWith(`${BASE}/verify-email/`)).toBe(
      true,
    );

    // One account for the address, still the owner's, with the owner's password.
    expect(
      db
        .select()
        .from(users)
        .where(eq(users.email, taken))
        .all()
        .map((u) => u.id),
    ).toEqual([owner.id]);
    expect(await verifyLogin(taken, OWNER_PASSWORD)).toMatchObject({ id: owner.id });
    // The new account exists and signs in at /login like any other.
    expect(db.select().from(users).where(eq(users.email, newcomer)).all()).toHaveLength(1);
  });

  it("takes about as long for an existing address as for a new one (both hash the password once)", async () => {
    const taken = fresh("timed");
    await createUser(taken, OWNER_PASSWORD);
    const newTimes: number[] = [];
    const takenTimes: number[] = [];
    // Interleaved, so a busy moment on the machine falls on both.
    for (let i = 0; i < 6; i++) {
      newTimes.push((await signUp(fresh("timing"))).ms);
      takenTimes.push((await signUp(taken)).ms);
    }
    const [n, t] = [median(newTimes), median(takenTimes)];
    // Without the hash an existing address answered in a few milliseconds against ~100 ms for a new one.
    expect(t).toBeGreaterThan(n * 0.5);
    expect(t).toBeLessThan(n * 2 + 50);
    await mailbox.waitFor(taken, 6); // every notice delivered before the file's mailbox closes
  });

  it("field errors still come first, for any address", async () => {
    const bad = await signUp("not an address");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(expect.any(String));
  });
});
