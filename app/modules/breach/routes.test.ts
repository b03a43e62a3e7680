// The two pages' loaders and actions, called directly with real requests and a real database.
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db, sqlite } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { listActiveAlerts } from "~/modules/alerts";
import { action as checkAction, loader as checkLoader } from "~/routes/_public.breach-check";
import { action as dwmAction, loader as dwmLoader } from "~/routes/_app.dark-web-monitoring";
import { breachHmacKey } from "./breach.server";
import { importBreachFile } from "./import";
import { verifyDomain } from "./match";
import { NO_BREACH_DATA } from "./validation";
import { NOT_CHECKED_MESSAGE } from "~/modules/password/index.server";
import { importTestCorpus } from "../../../tests/support/pwned-corpus";

const SEED = path.resolve("db/seed/breaches");
const IP = { clientIp: "198.51.100.7" };

type Unwrapped = { status: number; body: any };
/** Actions answer plain objects (200) or data(...) with a status. */
function unwrap(result: unknown): Unwrapped {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: unknown; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, body: r.data };
  }
  return { status: 200, body: result };
}

function post(url: string, fields: Record<string, string>, cookie?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`http://localhost${url}`, { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} });
}

async function check(fields: Record<string, string>, ip = IP) {
  return unwrap(await checkAction({ request: post("/breach-check", fields), context: ip, params: {} } as never));
}

let n = 0;
async function signedIn() {
  const email = `dwm${++n}-${Date.now()}@example.com`;
  const { user, tenantId } = await createUser(email, "a long enough passphrase 1");
  // Verified: unverified accounts cannot watch domains (issue 20; email-verification.test.ts).
  markEmailVerified(user.id);
  const setCookie = await createSession(new Request("http://localhost/login"), user.id, { selectedTenantId: tenantId });
  return { tenantId, cookie: setCookie.split(";")[0] };
}

async function dwm(cookie: string, fields: Record<string, string>) {
  return unwrap(
    await dwmAction({ request: post("/dark-web-monitoring", fields, cookie), context: IP, params: {} } as never),
  );
}

async function dwmData(cookie: string) {
  return (await dwmLoader({
    request: new Request("http://localhost/dark-web-monitoring", { headers: { Cookie: cookie } }),
    context: IP,
    params: {},
  } as never)) as any;
}

async function thrownStatus(p: Promise<unknown>) {
  try {
    await p;
    return 200;
  } catch (error) {
    return error instanceof Response ? error.status : -1;
  }
}

beforeEach(() => resetRateLimits());

describe("/breach-check", () => {
  let logs: ReturnType<typeof vi.spyOn>[] = [];
  beforeEach(() => {
    logs = (["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m));
  });
  afterEach(() => {
    const printed = JSON.stringify(logs.flatMap((s) => s.mock.calls));
    // The checked address is never logged.
    expect(printed).not.toMatch(/alice@example\.com|nobody@example\.com/i);
    vi.restoreAllMocks();
  });

  it("says clearly that no breach data has been imported yet", async () => {
    expect(
      await checkLoader({ request: new Request("http://localhost/breach-check"), context: IP, params: {} } as never),
    ).toEqual({ breachCount: 0 });
    const r = await check({ intent: "email", email: "alice@example.com" });
    expect(r).toMatchObject({ status: 200, body: { kind: "email", result: { state: "no-data" } } });
    expect(NO_BREACH_DATA).toMatch(/^No breach data has been imported yet/);
  });

  it("lists the breaches of an exposed address and nothing for a clean one; stores nothing", async () => {
    await importBreachFile(db, path.join(SEED, "example-shop.json"), { hmacKey: breachHmacKey() });
    await importBreachFile(db, path.join(SEED, "example-dating.json"), { hmacKey: breachHmacKey() });
    const before = JSON.stringify(
      sqlite()
        .prepare(
          `SELECT (SELECT count(*) FROM breach_accounts) a, (SELECT count(*) FROM audit_log) b, (SELECT count(*) FROM watched_identities) c`,
        )
        .get(),
    );
    const exposed = await check({ intent: "email", email: "Alice@Example.com" });
    expect(exposed.status).toBe(200);
    expect(exposed.body.result.state).toBe("exposed");
    expect(exposed.body.result.breaches.map((b: { title: string }) => b.title)).toEqual(["Example Shop"]); // not the sensitive Example Dating
    expect(exposed.body.result.breaches[0].dataClasses).toEqual([
      "Email addresses",
      "Names",
      "Passwords",
      "Phone numbers",
    ]);
    const clean = await check({ intent: "email", email: "nobody@example.com" });
    expect(clean.body.result).toEqual({ state: "clean", breachCount: 2 });
    const after = JSON.stringify(
      sqlite()
        .prepare(
          `SELECT (SELECT count(*) FROM breach_accounts) a, (SELECT count(*) FROM audit_log) b, (SELECT count(*) FROM watched_identities) c`,
        )
        .get(),
    );
    expect(after).toBe(before);
  });

  it("answers field errors with status 400", async () => {
    expect(await check({ intent: "email", email: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { email: "Enter an e-mail address" } },
    });
    expect(await check({ intent: "email", email: "not-an-address" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { email: expect.stringMatching(/valid e-mail/) } },
    });
    expect(await check({ intent: "password", password: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: "Enter a password to check" } },
    });
  });

  it("checks a password on the server without JavaScript and never returns it", async () => {
    // No corpus and no live service (feeds off in tests): not checked, never "not found" (issue 30).
    sqlite().prepare("DELETE FROM pwned_hashes").run();
    const none = await check({ intent: "password", password: "a very unlikely passphrase 93f1c2" });
    expect(none.body).toEqual({ kind: "password", count: 0, notChecked: NOT_CHECKED_MESSAGE });
    importTestCorpus(db);
    const r = await check({ intent: "password", password: "password" });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe("password");
    expect(r.body.count).toBeGreaterThan(0);
    // Only the verdict comes back: no field could carry the password.
    expect(Object.keys(r.body).sort()).toEqual(["count", "kind", "notChecked"]);
    const unique = await check({ intent: "password", password: "a very unlikely passphrase 93f1c2" });
    expect(unique.body).toEqual({ kind: "password", count: 0, notChecked: null });
  });

  it("is rate-limited per client address with 'Too many requests'", async () => {
    for (let i = 0; i < 30; i++)
      expect((await check({ intent: "email", email: "nobody@example.com" })).status).toBe(200);
    const limited = await check({ intent: "email", email: "nobody@example.com" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests/);
    // Another address is not affected.
    expect((await check({ intent: "email", email: "nobody@example.com" }, { clientIp: "198.51.100.8" })).status).toBe(
      200,
    );
  });
});

describe("/dark-web-monitoring", () => {
  it("redirects a signed-out visitor to sign in", async () => {
    const status = await thrownStatus(
      dwmLoader({ request: new Request("http://localhost/dark-web-monitoring"), context: IP, params: {} } as never),
    );
    expect(status).toBe(302);
  });

  it("adds an e-mail, shows it breached at once, then alerts only for a new breach", async () => {
    const { tenantId, cookie } = await signedIn();
    const added = await dwm(cookie, { intent: "add", value: " Carol@Example.test " });
    expect(added.status).toBe(200);
    expect(added.body.message).toMatch(/Now watching carol@example\.test\. It appears in 1 breach/);
    const page = await dwmData(cookie);
    expect(page.identities).toHaveLength(1);
    expect(page.identities[0]).toMatchObject({
      email: "carol@example.test",
      type: "email",
      status: "breached",
      severity: "high",
      breachCount: 1,
    });
    for (const key of ["id", "email", "domain", "type", "severity", "status", "evidence", "foundAt", "breachCount"])
      expect(page.identities[0]).toHaveProperty(key);

    await importBreachFile(db, path.join(SEED, "example-forum.csv"), { hmacKey: breachHmacKey() });
    await dwm(cookie, { intent: "add", value: "frank@example.test" }); // in the forum breach already
    expect(listActiveAlerts(tenantId)).toEqual([]);
    const late = await importBreachFile(db, path.join(SEED, "example-shop.json"), { hmacKey: breachHmacKey() });
    expect(late.newExposures).toBe(0);
    expect(listActiveAlerts(tenantId)).toEqual([]);
  });

  it("validates the watchlist entry and explains domain verification", async () => {
    const { tenantId, cookie } = await signedIn();
    expect(await dwm(cookie, { intent: "add", value: "" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { value: "Enter an e-mail address or a domain" } },
    });
    expect(await dwm(cookie, { intent: "add", value: "not a domain" })).toMatchObject({ status: 400 });
    expect(await dwm(cookie, { intent: "add", value: "bad@" })).toMatchObject({ status: 400 });
    const domain = await dwm(cookie, { intent: "add", value: "@Corp.Example.test" });
    // Self-service (issue 32): the customer is told to publish a DNS record, never shown an operator command.
    expect(domain.body.message).toContain("publishing the DNS TXT record");
    expect(domain.body.message).not.toMatch(/npm run|verify-domain/);
    const page = await dwmData(cookie);
    expect(page.pendingDomains[0].record).toMatch(/^rampart-verification=[0-9a-f]{32}$/);
    expect(page.identities[0]).toMatchObject({ type: "domain", domain: "corp.example.test", verified: false });
    expect(page.exposures.some((e: { isSensitive: boolean }) => e.isSensitive)).toBe(false);
    verifyDomain(db, tenantId, "corp.example.test");
    expect(
      (await dwmData(cookie)).exposures.some(
        (e: { isSensitive: boolean; breachName: string }) => e.isSensitive && e.breachName === "ExampleDating",
      ),
    ).toBe(true);
  });

  it("resolves and skips exposures; another tenant's exposure or identity is a 404", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await dwm(a.cookie, { intent: "add", value: "alice@example.com" });
    const [first, second] = (await dwmData(a.cookie)).exposures as { id: string }[];
    expect(await thrownStatus(dwm(b.cookie, { intent: "resolve", exposureId: first.id }))).toBe(404);
    expect(await thrownStatus(dwm(b.cookie, { intent: "skip", exposureId: first.id }))).toBe(404);
    expect(await thrownStatus(dwm(a.cookie, { intent: "resolve", exposureId: "no-such-id" }))).toBe(404);
    expect((await dwmData(a.cookie)).exposures.find((e: { id: string }) => e.id === first.id).status).toBe("open");

    expect((await dwm(a.cookie, { intent: "resolve", exposureId: first.id })).body.message).toBe(
      "Exposure marked resolved.",
    );
    expect((await dwm(a.cookie, { intent: "skip", exposureId: second.id })).body.message).toBe("Exposure skipped.");
    const page = await dwmData(a.cookie);
    expect(page.exposures.map((e: { status: string }) => e.status).sort()).toEqual(["resolved", "skipped"]);
    expect(page.identities[0]).toMatchObject({ status: "clean", breachCount: 2 });
    expect((await dwmData(b.cookie)).identities).toEqual([]);

    const identityId = page.identities[0].id;
    expect(await thrownStatus(dwm(b.cookie, { intent: "remove", identityId }))).toBe(404);
    expect((await dwm(a.cookie, { intent: "remove", identityId })).status).toBe(200);
    expect((await dwmData(a.cookie)).identities).toEqual([]);
  });
});
