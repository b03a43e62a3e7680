import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { alerts } from "@db/schema";
import { breaches, breachFeedState, exposures } from "./schema";
import { db } from "~/lib/db.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { addWatchedDomain, addWatchedEmail } from "./watchlist.server";
import { operatorCommands } from "~/modules/operator";
import { breachFeedStatus, HIBP_USER_AGENT, parseRetryAfter, syncHibp, type HibpConfig } from "./hibp.server";

// Fixtures in the documented shape of https://haveibeenpwned.com/API/v3 (breach model; breacheddomain map).
function breach(name: string, added: string) {
  return {
    Name: name,
    Title: `${name} Inc.`,
    Domain: `${name.toLowerCase()}.example`,
    BreachDate: "2025-03-01",
    AddedDate: added,
    ModifiedDate: added,
    PwnCount: 1200,
    Description: `<p>${name} was breached.</p>`,
    LogoPath: "https://haveibeenpwned.com/Content/Images/PwnedLogos/x.png",
    DataClasses: ["Email addresses", "Passwords"],
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: false,
    IsMalware: false,
    IsSubscriptionFree: false,
    IsStealerLog: false,
  };
}

const suffix = randomUUID().slice(0, 6);
const A = `Fakeshop${suffix}`;
const B = `Newforum${suffix}`;
const DOMAIN = `acme-${suffix}.example`;

type Seen = { path: string; ua?: string; key?: string };
const fake = {
  catalogue: [breach(A, "2025-04-01T10:00:00Z")] as unknown[],
  domain: { alice: [A] } as Record<string, string[]>,
  limited: false,
  seen: [] as Seen[],
};
let server: http.Server;
let config: HibpConfig;

beforeAll(async () => {
  process.env.RAMPART_ALLOW_PRIVATE_TARGETS = "1";
  server = http.createServer((req, res) => {
    fake.seen.push({ path: req.url ?? "", ua: req.headers["user-agent"], key: req.headers["hibp-api-key"] as string });
    if (fake.limited) {
      res.writeHead(429, { "retry-after": "7", "content-type": "application/json" });
      return res.end(JSON.stringify({ statusCode: 429, message: "Rate limit is exceeded. Try again in 7 seconds." }));
    }
    if (req.url === "/api/v3/breaches") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(fake.catalogue));
    }
    if (req.url === `/api/v3/breacheddomain/${DOMAIN}`) {
      if (req.headers["hibp-api-key"] !== "test-key") return res.writeHead(401).end();
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(fake.domain));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  config = {
    enabled: true,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: "test-key",
  };
});
afterAll(async () => {
  delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
  await new Promise<void>((r) => server.close(() => r()));
});

describe("HIBP breach feed", () => {
  it("syncs the catalogue with the required user agent, searches verified domains, alerts only the newly exposed", async () => {
    const { tenantId } = await createUser(`h-${suffix}@example.com`, "a long passphrase for tests");
    addWatchedDomain(tenantId, DOMAIN);
    operatorCommands.verifyDomain(tenantId, DOMAIN);
    addWatchedEmail(tenantId, `bob@${DOMAIN}`);

    const first = await syncHibp(config, Date.now());
    expect(first).toMatchObject({ status: "synced", domainsSearched: 1 });
    expect(db.select().from(breaches).where(eq(breaches.name, A)).get()).toMatchObject({ title: `${A} Inc.` });
    expect(fake.seen.every((s) => s.ua === HIBP_USER_AGENT)).toBe(true);
    expect(fake.seen.find((s) => s.path === "/api/v3/breaches")?.key).toBeUndefined();
    const alertsAfterFirst = db.select().from(alerts).where(eq(alerts.tenantId, tenantId)).all().length;
    const exposuresAfterFirst = db.select().from(exposures).where(eq(exposures.tenantId, tenantId)).all().length;
    expect(exposuresAfterFirst).toBeGreaterThan(0);

    // The catalogue gains a breach in which bob (not alice again) appears.
    fake.catalogue.push(breach(B, "2026-11-20T10:00:00Z"));
    fake.domain = { alice: [A], bob: [B] };
    const second = await syncHibp(config, Date.now());
    expect(second).toMatchObject({ status: "synced", added: 1, newExposures: expect.any(Number) });
    const all = db.select().from(alerts).where(eq(alerts.tenantId, tenantId)).all();
    const newAlerts = all.length - alertsAfterFirst;
    // bob appears in the new breach (as a watched address and under the watched domain): alerted.
    expect(newAlerts).toBeGreaterThanOrEqual(1);
    expect(all.filter((a) => a.title.includes(B)).length).toBe(newAlerts);
    // alice was already known in the first breach: nothing new about her.
    expect(all.filter((a) => a.title.includes(A)).length).toBe(alertsAfterFirst);
    // A third sync with nothing new raises nothing.
    const count = db.select().from(alerts).where(eq(alerts.tenantId, tenantId)).all().length;
    await syncHibp(config, Date.now());
    expect(db.select().from(alerts).where(eq(alerts.tenantId, tenantId)).all().length).toBe(count);
    expect(breachFeedStatus(config)).toMatchObject({ domainSearch: true, lastError: null });
    expect(breachFeedStatus(config).lastSyncAt).toEqual(expect.any(Number));
  });

  it("respects 429 retry-after: stops, records it, and makes no request before that time", async () => {
    fake.limited = true;
    const now = Date.now();
    expect(await syncHibp(config, now)).toEqual({ status: "rate-limited", retryAfterSeconds: 7 });
    const requests = fake.seen.length;
    expect(await syncHibp(config, now + 3_000)).toEqual({ status: "waiting", until: now + 7_000 });
    expect(fake.seen.length).toBe(requests);
    fake.limited = false;
    expect(await syncHibp(config, now + 8_000)).toMatchObject({ status: "synced" });
    expect(parseRetryAfter("2")).toBe(2);
    expect(parseRetryAfter(undefined)).toBe(60);
  });

  it("is off when told so, and records an unreachable API without throwing", async () => {
    expect(await syncHibp({ ...config, enabled: false })).toEqual({ status: "off" });
    const down = await syncHibp({ ...config, baseUrl: "http://127.0.0.1:1" }, Date.now() + 60_000);
    expect(down.status).toBe("failed");
    expect(db.select().from(breachFeedState).get()?.lastError).toMatch(/unreachable|ECONNREFUSED|connect/i);
  });
});
