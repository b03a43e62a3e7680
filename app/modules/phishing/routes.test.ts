// The phishing pages' loader/action and the API routes, called directly with real
// requests, real sessions and this file's own migrated SQLite database.
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { listActiveAlerts } from "~/modules/alerts";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.phishing";
import { action as enhancedAction } from "~/routes/_app.phishing-enhanced";
import { action as analyzeApi } from "~/routes/api.phishing.analyze";
import { loader as itemsApi } from "~/routes/api.phishing.items";
import { action as quarantineApi } from "~/routes/api.phishing.items.$id.quarantine";
import { action as releaseApi } from "~/routes/api.phishing.items.$id.release";
import { getPhishingItem, listPhishingItems, NOT_A_MESSAGE, organizationContext, TOO_LARGE } from "./phishing.server";

const FIXTURES = path.join(__dirname, "fixtures");
const PHISH = fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml"), "utf8");
const NEWSLETTER = fs.readFileSync(path.join(FIXTURES, "legit/01-newsletter-substack.eml"), "utf8");
const CTX = { clientIp: "198.51.100.9" };

let n = 0;
async function signedIn(domain = "northwindtraders.com") {
  const email = `member${++n}-${Date.now()}@${domain}`;
  const { user, tenantId } = await createUser(email, "a long enough passphrase 1");
  const setCookie = await createSession(new Request("http://localhost/login"), user.id, { selectedTenantId: tenantId });
  return { userId: user.id, tenantId, cookie: setCookie.split(";")[0]! };
}

function unwrap(result: unknown): { status: number; body: any } {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as { data: unknown; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, body: r.data };
  }
  return { status: 200, body: result };
}

async function caught(p: Promise<unknown>): Promise<Response> {
  try {
    const r = await p;
    if (r instanceof Response) return r;
    throw new Error("expected a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function apiPost(url: string, body: unknown, cookie?: string) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function analyzeViaApi(cookie: string | undefined, body: unknown) {
  return caught(
    analyzeApi({ request: apiPost("/api/phishing/analyze", body, cookie), context: CTX, params: {} } as never),
  );
}

function pagePost(fields: Record<string, string | File>, cookie: string, url = "/phishing") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: cookie } });
}

beforeEach(() => resetRateLimits());

describe("POST /api/phishing/analyze", () => {
  it("stores the item and answers 201 with { id, subject, sender, risk, kind, advice, score, status, rationale }", async () => {
    const { cookie, tenantId } = await signedIn();
    const res = await analyzeViaApi(cookie, { raw: PHISH });
    expect(res.status).toBe(201);
    const body = await res.json();
    // Issue 29 added the verdict's kind and its one-line advice.
    expect(Object.keys(body).sort()).toEqual([
      "advice",
      "alreadyAnalysed",
      "id",
      "kind",
      "rationale",
      "risk",
      "score",
      "sender",
      "status",
      "subject",
    ]);
    expect(body).toMatchObject({
      subject: "Your account has been limited",
      sender: "service@paypa1.com",
      risk: "high",
      kind: "phishing",
      status: "detected",
    });
    expect(body.advice).toMatch(/password/);
    expect(getPhishingItem(tenantId, body.id)?.kind).toBe("phishing");
    expect(body.score).toBeGreaterThanOrEqual(55);
    expect(body.rationale.length).toBeGreaterThan(3);
    expect(getPhishingItem(tenantId, body.id)?.subject).toBe("Your account has been limited");
    // A high-risk message raises an alert for the tenant.
    expect(
      listActiveAlerts(tenantId).some(
        (a) => a.source === "phishing" && a.title.includes("Your account has been limited"),
      ),
    ).toBe(true);
  });

  it("answers 400 VALIDATION_ERROR for missing, empty or non-message raw, and for bad JSON", async () => {
    const { cookie, tenantId } = await signedIn();
    for (const body of [{}, { raw: "" }, { raw: "   " }, { raw: 42 }, "{not json"]) {
      const res = await analyzeViaApi(cookie, body);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("VALIDATION_ERROR");
    }
    const notMail = await analyzeViaApi(cookie, { raw: "hello, this is not an e-mail" });
    expect(notMail.status).toBe(400);
    expect(await notMail.json()).toEqual({ message: NOT_A_MESSAGE, code: "VALIDATION_ERROR" });
    expect(listPhishingItems(tenantId)).toHaveLength(0);
  });

  it("answers 401 when signed out", async () => {
    const res = await analyzeViaApi(undefined, { raw: PHISH });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("UNAUTHORIZED");
  });

  it("sustains more than 600 analyses a minute for one user without a rate limit", async () => {
    const { cookie } = await signedIn();
    const small =
      "From: a@example-shop.com\r\nSubject: hi\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <x@example-shop.com>\r\n\r\nhello\r\n";
    const started = Date.now();
    for (let i = 0; i < 610; i++) {
      const res = await analyzeViaApi(cookie, { raw: small });
      // The first stores the message; the same message again answers its item as already analysed (200).
      if (res.status !== (i === 0 ? 201 : 200)) throw new Error(`request ${i} answered ${res.status}`);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 60_000);
});

describe("items API: list, quarantine, release, tenant isolation", () => {
  it("lists newest first with filters, quarantines and releases, and hides other tenants' items", async () => {
    const a = await signedIn();
    const b = await signedIn("contoso-example.com");
    const phish = await (await analyzeViaApi(a.cookie, { raw: PHISH })).json();
    const news = await (await analyzeViaApi(a.cookie, { raw: NEWSLETTER })).json();
    expect(news.risk).toBe("low");

    const list = async (cookie: string, qs = "") =>
      (
        await caught(
          itemsApi({
            request: new Request(`http://localhost/api/phishing/items${qs}`, { headers: { Cookie: cookie } }),
            context: CTX,
            params: {},
          } as never),
        )
      ).json();
    expect((await list(a.cookie)).map((i: { id: string }) => i.id)).toEqual([news.id, phish.id]);
    expect((await list(a.cookie, "?risk=high")).map((i: { id: string }) => i.id)).toEqual([phish.id]);
    expect(await list(b.cookie)).toEqual([]);

    const post = (fn: typeof quarantineApi, id: string, cookie: string, which: string) =>
      caught(
        fn({
          request: apiPost(`/api/phishing/items/${id}/${which}`, {}, cookie),
          context: CTX,
          params: { id },
        } as never),
      );
    const q = await post(quarantineApi, phish.id, a.cookie, "quarantine");
    expect(q.status).toBe(200);
    expect((await q.json()).status).toBe("quarantined");
    expect((await list(a.cookie, "?status=quarantined")).map((i: { id: string }) => i.id)).toEqual([phish.id]);

    // Another tenant's id and a missing id answer the same 404.
    const foreign = await post(quarantineApi, news.id, b.cookie, "quarantine");
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Resource not found", code: "NOT_FOUND" });
    expect((await post(releaseApi, phish.id, b.cookie, "release")).status).toBe(404);
    expect((await post(releaseApi, "no-such-id", a.cookie, "release")).status).toBe(404);
    expect(getPhishingItem(a.tenantId, news.id)?.status).toBe("detected");

    const r = await post(releaseApi, phish.id, a.cookie, "release");
    expect((await r.json()).status).toBe("detected");
  });
});

describe("/phishing page", () => {
  it("shows the teaser to signed-out visitors", async () => {
    expect(
      await pageLoader({ request: new Request("http://localhost/phishing"), context: CTX, params: {} } as never),
    ).toEqual({ teaser: true });
  });

  it("analyses pasted source, stores it and lists it", async () => {
    const { cookie, tenantId } = await signedIn();
    const r = unwrap(
      await pageAction({
        request: pagePost({ intent: "analyze", raw: PHISH }, cookie),
        context: CTX,
        params: {},
      } as never),
    );
    expect(r.status).toBe(200);
    expect(r.body.verdict).toMatchObject({ risk: "high", sender: "service@paypa1.com", status: "detected" });
    expect(r.body.verdict.detail).toBeUndefined();
    const data = (await pageLoader({
      request: new Request("http://localhost/phishing", { headers: { Cookie: cookie } }),
      context: CTX,
      params: {},
    } as never)) as any;
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      id: r.body.verdict.id,
      subject: "Your account has been limited",
      risk: "high",
      status: "detected",
    });
    expect(listPhishingItems(tenantId)).toHaveLength(1);
  });

  it("analyses an uploaded .eml file (multipart) and the enhanced page adds the signal detail", async () => {
    const { cookie } = await signedIn();
    const file = new File([NEWSLETTER], "newsletter.eml", { type: "message/rfc822" });
    const r = unwrap(
      await enhancedAction({
        request: pagePost({ intent: "analyze", raw: "", file }, cookie, "/phishing-enhanced"),
        context: CTX,
        params: {},
      } as never),
    );
    expect(r.status).toBe(200);
    expect(r.body.verdict.risk).toBe("low");
    expect(r.body.verdict.detail.links.length).toBeGreaterThan(0);
    expect(r.body.verdict.detail.signals.some((s: { id: string }) => s.id === "authenticated-sender")).toBe(true);
  });

  it("refuses an empty form, a non-message file and a file over 5 MB with a field error, storing nothing", async () => {
    const { cookie, tenantId } = await signedIn();
    const empty = unwrap(
      await pageAction({
        request: pagePost({ intent: "analyze", raw: "  " }, cookie),
        context: CTX,
        params: {},
      } as never),
    );
    expect(empty).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { raw: expect.stringMatching(/Paste the raw source/) } },
    });

    const png = new File([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])], "photo.eml", { type: "message/rfc822" });
    const notMail = unwrap(
      await pageAction({
        request: pagePost({ intent: "analyze", file: png }, cookie),
        context: CTX,
        params: {},
      } as never),
    );
    expect(notMail).toMatchObject({ status: 400, body: { fieldErrors: { file: NOT_A_MESSAGE } } });

    const big = new File([PHISH, "X".repeat(5 * 1024 * 1024)], "big.eml", { type: "message/rfc822" });
    const tooBig = unwrap(
      await pageAction({
        request: pagePost({ intent: "analyze", file: big }, cookie),
        context: CTX,
        params: {},
      } as never),
    );
    expect(tooBig).toMatchObject({ status: 400, body: { fieldErrors: { file: TOO_LARGE } } });
    expect(listPhishingItems(tenantId)).toHaveLength(0);
  });

  it("quarantines and releases through the page's forms; another tenant's id is a 404", async () => {
    const a = await signedIn();
    const b = await signedIn("contoso-example.com");
    const { body } = unwrap(
      await pageAction({
        request: pagePost({ intent: "analyze", raw: PHISH }, a.cookie),
        context: CTX,
        params: {},
      } as never),
    );
    const id = body.verdict.id;
    const q = unwrap(
      await pageAction({
        request: pagePost({ intent: "quarantine", id }, a.cookie),
        context: CTX,
        params: {},
      } as never),
    );
    expect(q.body.statusChange).toEqual({ id, status: "quarantined", message: "Message quarantined." });
    const filtered = (await pageLoader({
      request: new Request("http://localhost/phishing?status=quarantined&risk=high", { headers: { Cookie: a.cookie } }),
      context: CTX,
      params: {},
    } as never)) as any;
    expect(filtered.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(filtered.filter).toEqual({ risk: "high", status: "quarantined" });
    const other = await caught(
      pageAction({ request: pagePost({ intent: "release", id }, b.cookie), context: CTX, params: {} } as never),
    );
    expect(other.status).toBe(404);
    const rel = unwrap(
      await pageAction({ request: pagePost({ intent: "release", id }, a.cookie), context: CTX, params: {} } as never),
    );
    expect(rel.body.statusChange.status).toBe("detected");
  });
});

describe("organization context", () => {
  it("takes the organization's domains from its members' addresses, leaving out free mail", async () => {
    const { tenantId } = await signedIn("northwindtraders.com");
    expect(organizationContext(tenantId).orgDomains).toEqual(["northwindtraders.com"]);
    const gmail = await signedIn("gmail.com");
    expect(organizationContext(gmail.tenantId).orgDomains).toEqual([]);
  });
});
