// Issue 32: one indicator search in threat hunting. An IP in an ingested event and in an analysed message's
// Received: header used to give "No matches"; now events, messages (headers, addresses, links, hashes), alerts,
// case observables and watchlists all answer, tenant by tenant, with literal matching and bounded queries.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, sqlite } from "~/lib/db.server";
import { phishingItems } from "~/modules/phishing/schema";
import { raiseAlert } from "~/modules/alerts";
import { searchEventsForIndicator, storeEvents, type NormalizedEvent } from "~/modules/events";
import { addObservable, createCase } from "~/modules/incidents";
import { addIndicator } from "~/modules/playbooks";
import { analyzeAndStore } from "~/modules/phishing/phishing.server";
import { addWatchedEmail } from "~/modules/breach/watchlist.server";
import { setTenantPlan } from "~/modules/tenants";
import { hunt, HuntQueryError } from "~/modules/threat-hunting/hunt.server";
import { MAX_QUERY_LENGTH, parseIndicator, QUERY_TOO_LONG } from "~/modules/threat-hunting/indicator";
import { loader } from "~/routes/_app.threat-hunting";
import { req, signedInUser } from "./helpers";

const IP = "203.0.113.77";

// DNS is not what this test is about: every look-up fails at once (no waiting on a real resolver).
const noDns = async () => {
  throw Object.assign(new Error("no DNS in this test"), { code: "ENOTFOUND" });
};

const message = (subject: string, ip = IP) =>
  [
    `Received: from mx.relay-bad.test (mx.relay-bad.test [${ip}])`,
    "\tby mail.example.com with ESMTPS id 4Xyz; Tue, 24 Nov 2026 09:12:01 +0000",
    "Received: from [10.1.2.3] (helo=workstation) by mx.relay-bad.test; Tue, 24 Nov 2026 09:11:59 +0000",
    "From: Payroll <payroll@pay-roll-update.test>",
    "Reply-To: collect@drop-box-files.test",
    "To: alex@example.com",
    `Subject: ${subject}`,
    "Date: Tue, 24 Nov 2026 09:11:58 +0000",
    `Message-ID: <${subject.replace(/\W/g, "")}@pay-roll-update.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Please confirm your bank details for this month's salary at https://pay-roll-update.test/confirm?id=7.",
    "",
  ].join("\r\n");

const event = (over: Partial<NormalizedEvent>): NormalizedEvent => ({
  time: Date.now() - 60_000,
  host: "fw-01",
  source: "firewall",
  category: null,
  product: null,
  message: null,
  fields: {},
  original: "",
  ...over,
});

async function tenantWithEverything(ip = IP) {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  const line = `DENY tcp ${ip}:4431 -> 10.0.0.8:443 user=alex`;
  await storeEvents(u.tenantId, [
    event({ message: line, fields: { src_ip: ip, action: "deny" }, original: line }),
    // The same digits with other separators: the full-text index would match it, the literal check does not.
    event({ message: `counter ${ip.replaceAll(".", "-")}`, original: "counter" }),
  ]);
  const stored = await analyzeAndStore({
    tenantId: u.tenantId,
    userId: u.user.id,
    raw: message("Salary confirmation needed"),
    resolver: noDns,
  });
  raiseAlert({
    tenantId: u.tenantId,
    source: "test",
    severity: "high",
    title: `Repeated denied connections from ${ip}`,
    dedupeKey: `deny-${ip}`,
  });
  const c = createCase(u.tenantId, { title: "Payroll fraud attempt", severity: "critical" }, { userId: u.user.id });
  addObservable(u.tenantId, c.id, { type: "ip", value: ip, ioc: true }, { userId: u.user.id });
  addIndicator(u.tenantId, { kind: "ip", value: ip, playbookId: null, runId: null });
  addWatchedEmail(u.tenantId, "payroll@pay-roll-update.test");
  return { ...u, messageId: stored.id, caseId: c.id };
}

const kinds = (r: ReturnType<typeof hunt>) => (r?.hits ?? []).map((h) => h.kind).sort();

describe("threat hunting's indicator search (issue 32)", () => {
  it("finds one IP in an ingested event and in a message's Received header, and in an alert, a case and a watchlist", async () => {
    const t = await tenantWithEverything();
    const r = hunt(t.tenantId, IP);
    expect(r?.kind).toBe("ip");
    expect(kinds(r)).toEqual(["Alert", "Event", "Message", "Observable", "Watchlist"]);
    const byKind = Object.fromEntries((r?.hits ?? []).map((h) => [h.kind, h]));
    expect(byKind.Event).toMatchObject({ title: expect.stringContaining(`DENY tcp ${IP}`) });
    expect(byKind.Event!.href).toMatch(/^\/logs\?q=/);
    expect(byKind.Message).toMatchObject({
      title: "Salary confirmation needed — payroll@pay-roll-update.test",
      detail: "in the Received header",
      href: `/phishing#message-${t.messageId}`,
    });
    expect(byKind.Alert).toMatchObject({ level: "high", title: `Repeated denied connections from ${IP}` });
    expect(byKind.Observable).toMatchObject({ level: "critical", href: `/incident-response/${t.caseId}` });
    expect(byKind.Observable!.title).toMatch(/^203\.0\.113\.77 in case IR-\d+: Payroll fraud attempt$/);
    // What the page shows names the record, never its id.
    for (const h of r!.hits) expect(`${h.title} ${h.detail ?? ""}`).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
  });

  it("takes the defanged and differently written forms of the same indicators", async () => {
    const t = await tenantWithEverything();
    const plain = kinds(hunt(t.tenantId, IP));
    expect(kinds(hunt(t.tenantId, "203(.)0[.]113{.}77"))).toEqual(plain);
    expect(kinds(hunt(t.tenantId, ` 203[.]0[.]113[.]77 `))).toEqual(plain);
    // The second relay, in brackets as relays write it.
    expect(kinds(hunt(t.tenantId, "[10.1.2.3]"))).toEqual(["Message"]);
    // Domains: a relay's host name, the Reply-To's domain, any case, a trailing dot, defanged.
    expect(kinds(hunt(t.tenantId, "MX.Relay-Bad[.]test."))).toEqual(["Message"]);
    expect(hunt(t.tenantId, "drop-box-files(.)test")?.hits[0]).toMatchObject({
      kind: "Message",
      detail: "in the Reply-To",
    });
    // A link, defanged; the sender's address is a message's and a watched identity's.
    expect(kinds(hunt(t.tenantId, "hxxps://pay-roll-update[.]test/confirm?id=7"))).toEqual(["Message"]);
    expect(kinds(hunt(t.tenantId, "PAYROLL[@]pay-roll-update.test"))).toEqual(["Message", "Watchlist"]);
  });

  it("normalises indicators to one canonical form", () => {
    expect(parseIndicator("2001:DB8:0:0:0:0:0:1")).toEqual({ kind: "ip", value: "2001:db8::1" });
    expect(parseIndicator("[2001:db8::1]")).toEqual({ kind: "ip", value: "2001:db8::1" });
    expect(parseIndicator("Bücher.example.")).toEqual({ kind: "domain", value: "xn--bcher-kva.example" });
    expect(parseIndicator("hxxp://Evil[.]Example/Path")).toEqual({ kind: "url", value: "http://evil.example/Path" });
    expect(parseIndicator("D41D8CD98F00B204E9800998ECF8427E")).toEqual({
      kind: "hash",
      value: "d41d8cd98f00b204e9800998ecf8427e",
    });
    expect(parseIndicator("Alex[at]Example[dot]com")).toEqual({ kind: "email", value: "alex@example.com" });
    expect(parseIndicator("1.5")).toEqual({ kind: "text", value: "1.5" });
    expect(parseIndicator("   ")).toBeNull();
  });

  it("never returns another tenant's rows", async () => {
    await tenantWithEverything("198.51.100.23");
    const other = await signedInUser();
    expect(hunt(other.tenantId, "198.51.100.23")?.hits).toEqual([]);
    expect(hunt(other.tenantId, "pay-roll-update.test")?.hits).toEqual([]);
  });

  it("treats % and _ as literal characters in every kind of record", async () => {
    const t = await tenantWithEverything();
    await storeEvents(t.tenantId, [event({ message: "disk 100% full on db_01", original: "x" })]);
    await storeEvents(t.tenantId, [event({ message: "disk 1000 full on db-01", original: "y" })]);
    const c = createCase(t.tenantId, { title: "Odd names", severity: "low" }, { userId: t.user.id });
    addObservable(t.tenantId, c.id, { type: "user", value: "svc_backup" }, { userId: t.user.id });
    addObservable(t.tenantId, c.id, { type: "user", value: "svcxbackup" }, { userId: t.user.id });
    expect(hunt(t.tenantId, "100%")?.hits.map((h) => h.title)).toEqual(["fw-01: disk 100% full on db_01"]);
    expect(hunt(t.tenantId, "db_01")?.hits.map((h) => h.title)).toEqual(["fw-01: disk 100% full on db_01"]);
    expect(hunt(t.tenantId, "svc_backup")?.hits.map((h) => h.title)).toEqual([
      expect.stringMatching(/^svc_backup in case IR-\d+: Odd names$/),
    ]);
    expect(hunt(t.tenantId, "%")?.hits.filter((h) => h.kind !== "Alert")).toEqual([]);
  });

  it("answers any text a person can type without an error (quotes, full-text operators, SQL, control characters)", async () => {
    const t = await tenantWithEverything();
    for (const q of [
      '"',
      'a"b',
      "NEAR(fw edge)",
      "fw* OR 1",
      "\\",
      "'; DROP TABLE events; --",
      "\u0000x",
      "😀",
      "[.]",
      "hxxp://",
      "@",
      "::",
    ])
      expect(() => hunt(t.tenantId, q), q).not.toThrow();
    expect(hunt(t.tenantId, "'; DROP TABLE events; --")?.hits).toEqual([]);
    // The events module's own search takes a NUL too (FTS5 would read its query only up to it).
    expect(searchEventsForIndicator(t.tenantId, "edge\u0000fw", 5)).toEqual([]);
    expect(kinds(hunt(t.tenantId, IP))).toContain("Event");
  });

  it("refuses a 64 KB query with a clear message, on the page as the field's error", async () => {
    const t = await tenantWithEverything();
    const huge = "a".repeat(64 * 1024);
    expect(() => hunt(t.tenantId, huge)).toThrow(HuntQueryError);
    expect(() => hunt(t.tenantId, huge)).toThrow(QUERY_TOO_LONG);
    expect(QUERY_TOO_LONG).toContain(`at most ${MAX_QUERY_LENGTH} characters`);

    const page = (await loader({
      request: req(`/threat-hunting?q=${huge}`, { cookie: t.cookie }),
      params: {},
      context: {},
    } as never)) as { results: unknown; indicatorError: string | null; q: string };
    expect(page.indicatorError).toBe(QUERY_TOO_LONG);
    expect(page.results).toBeNull();
    expect(page.q.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);

    const found = (await loader({
      request: req(`/threat-hunting?q=${encodeURIComponent("203[.]0[.]113[.]77")}`, { cookie: t.cookie }),
      params: {},
      context: {},
    } as never)) as { results: { kind: string }[]; indicatorError: string | null };
    expect(found.indicatorError).toBeNull();
    expect(found.results.map((h) => h.kind).sort()).toEqual(["Alert", "Event", "Message", "Observable", "Watchlist"]);
  });

  it("finds messages analysed before indicators were stored, through migration 0033's backfill", async () => {
    const u = await signedInUser();
    const hash = "9f914d42706fe215501044acd85a32d58aaef1419d404fddfa5d3b48f66ccd9f";
    db.insert(phishingItems)
      .values({
        id: `old-${u.tenantId}`,
        tenantId: u.tenantId,
        subject: "Invoice overdue",
        sender: "Billing@Old-Sender.test",
        risk: "high",
        score: 80,
        rationale: [],
        analysis: {
          links: [
            {
              href: "https://files.old-link.test/a.zip",
              text: "",
              host: "files.old-link.test",
              domain: "",
              issues: [],
            },
          ],
          attachments: [
            { filename: "a.zip", contentType: "application/zip", size: 1, sha256: hash.toUpperCase(), issues: [] },
          ],
          replyTo: "pay@old-reply.test",
          returnPath: null,
        },
      })
      .run();
    expect(hunt(u.tenantId, "files.old-link.test")?.hits).toEqual([]);
    const migration = fs.readFileSync(path.join(__dirname, "../../db/migrations/0033_phishing-indicators.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((s) => s.includes("INSERT OR IGNORE"))!;
    sqlite().exec(backfill);
    for (const q of [
      "files[.]old-link.test",
      hash,
      "https://files.old-link.test/a.zip",
      "old-reply.test",
      "billing@old-sender.test",
    ])
      expect(
        hunt(u.tenantId, q)?.hits.map((h) => h.title),
        q,
      ).toEqual(["Invoice overdue — Billing@Old-Sender.test"]);
  });
});
