import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { importTestCorpus } from "../../../tests/support/pwned-corpus";
import { action, loader } from "~/routes/_app.password";
import { createUser } from "~/modules/accounts/accounts.server";
import { setTenantPlan } from "~/modules/tenants";
import { createSession } from "~/modules/accounts/session.server";
import type { Plan } from "~/lib/plans";

async function signedIn(plan: Plan) {
  const email = `pw-${Math.random().toString(36).slice(2, 8)}@zephyrlabs.example`;
  const { user, tenantId } = await createUser(email, "an unrelated long passphrase 42");
  setTenantPlan(tenantId, plan);
  const setCookie = await createSession(new Request("http://localhost/login"), user.id, { selectedTenantId: tenantId });
  return { email, cookie: setCookie.split(";")[0] };
}

async function settle<T>(p: Promise<T>): Promise<T | Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(cookie: string | null, fields: Record<string, string>) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request("http://localhost/password", { method: "POST", headers, body: new URLSearchParams(fields) });
}

function unwrap(result: unknown): { status: number; body: any } {
  // data() from @remix-run/node is a DataWithResponseInit: { type, data, init }.
  const r = result as { data?: unknown; init?: { status?: number } | null };
  return { status: r.init?.status ?? 200, body: r.data };
}

beforeAll(() => {
  importTestCorpus(db);
});

describe("/password page (no-JavaScript path)", () => {
  it("shows the teaser to signed-out visitors", async () => {
    const data = await loader({ request: new Request("http://localhost/password"), params: {}, context: {} });
    expect(data).toEqual({ teaser: true });
  });

  it("refuses the free plan with the upgrade answer naming Pro", async () => {
    const { cookie } = await signedIn("free");
    const res = await settle(
      loader({
        request: new Request("http://localhost/password", { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      }),
    );
    expect(res).toBeInstanceOf(Response);
    const r = res as Response;
    expect(r.status).toBe(403);
    expect((await r.json()).message).toBe("This feature requires Pro plan or higher");
    const posted = await settle(action({ request: post(cookie, { password: "password" }), params: {}, context: {} }));
    expect((posted as Response).status).toBe(403);
  });

  it("gives a Pro user's page their e-mail and organization as user inputs", async () => {
    const { cookie, email } = await signedIn("pro");
    const data = await loader({
      request: new Request("http://localhost/password", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(data).toMatchObject({ teaser: false });
    expect((data as { userInputs: string[] }).userInputs).toEqual(
      expect.arrayContaining([email, email.split("@")[0], "personal"]),
    );
  });

  it("analyzes a posted password on the server: strength, breach count and verdict, without echoing it", async () => {
    const { cookie } = await signedIn("pro");
    const { status, body } = unwrap(
      await action({ request: post(cookie, { password: "password", intent: "analyze" }), params: {}, context: {} }),
    );
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.analysis.strength.score).toBe(0);
    expect(body.analysis.breach).toEqual({ status: "done", count: expect.any(Number) });
    expect(body.analysis.breach.count).toBeGreaterThan(1_000_000);
    expect(body.analysis.verdict.ok).toBe(false);
    expect(body.analysis.length).toBe(8);

    const secret = "Quixotic-Lantern-Harbor-Sleet-77";
    const strong = unwrap(await action({ request: post(cookie, { password: secret }), params: {}, context: {} })).body;
    expect(strong.analysis.strength.score).toBe(4);
    expect(strong.analysis.breach.count).toBe(0);
    expect(strong.analysis.verdict.ok).toBe(true);
    const text = JSON.stringify(strong);
    expect(text).not.toContain(secret);
    expect(text).not.toContain("Lantern");
  });

  it("answers a missing or too long password with 400 and a field message", async () => {
    const { cookie } = await signedIn("business");
    const empty = unwrap(await action({ request: post(cookie, { password: "" }), params: {}, context: {} }));
    expect(empty).toEqual({ status: 400, body: { analysis: null, error: "Enter a password to analyze" } });
    const missing = unwrap(await action({ request: post(cookie, {}), params: {}, context: {} }));
    expect(missing.status).toBe(400);
    const long = unwrap(
      await action({ request: post(cookie, { password: "a".repeat(257) }), params: {}, context: {} }),
    );
    expect(long).toEqual({ status: 400, body: { analysis: null, error: "Use at most 256 characters" } });
  });
});
