/**
 * Training (issue 34) on a real SQLite file and a loopback SMTP server: the template renderer, the CSV caps, the
 * public tracking endpoints (unknown tokens, rate limit, nothing typed stored) and idempotent sending after a
 * simulated restart.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { sqlite } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createUser } from "~/modules/accounts/accounts.server";
import * as pixel from "~/routes/i.$token";
import * as landing from "~/routes/p.$token";
import * as link from "~/routes/l.$token";
import { startLoopbackSmtp } from "../../../tests/support/loopback-smtp";
import {
  campaignResults,
  createCampaign,
  CSV_MAX_ROWS,
  parseRecipientsCsv,
  sendCampaignBatch,
  TRACK_LIMIT,
} from "./index.server";
import { CLAIM_LEASE_MS } from "./sending.server";
import { renderTemplate, STARTER_TEMPLATES } from "./templates";

const VARS = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  url: "https://rampart.test/l/abc",
  trackerUrl: "https://rampart.test/i/abc",
};

describe("the template renderer", () => {
  it("fills GoPhish-style variables, escapes values in HTML and puts the pixel where {{.Tracker}} is", () => {
    const html = renderTemplate(
      '<p>Hi {{.FirstName}} {{.LastName}}</p><a href="{{.URL}}">x</a>{{.Tracker}}',
      VARS,
      "html",
    );
    expect(html).toBe(
      '<p>Hi Ada Lovelace</p><a href="https://rampart.test/l/abc">x</a>' +
        '<img src="https://rampart.test/i/abc" width="1" height="1" alt="" style="display:none">',
    );
    expect(renderTemplate("Hi {{.FirstName}}: {{.URL}}{{.Tracker}}", VARS, "text")).toBe(
      "Hi Ada: https://rampart.test/l/abc",
    );
  });

  it("a name from a CSV cannot inject markup or expand into another variable", () => {
    const hostile = { ...VARS, firstName: '<script>alert(1)</script>{{.URL}}"' };
    const html = renderTemplate("<p>{{.FirstName}}</p>", hostile, "html");
    expect(html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;{{.URL}}&quot;</p>");
    expect(renderTemplate("{{.Unknown}} {{ .FirstName }}", VARS, "text")).toBe("{{.Unknown}} Ada");
  });

  it("the starter library has at least 10 templates in English, German, French and Spanish, each with a link", () => {
    expect(STARTER_TEMPLATES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(STARTER_TEMPLATES.map((t) => t.language))).toEqual(new Set(["en", "de", "fr", "es"]));
    for (const t of STARTER_TEMPLATES) {
      expect(t.html, t.id).toContain("{{.URL}}");
      expect(t.html, t.id).toContain("{{.Tracker}}");
      expect(t.text, t.id).toContain("{{.URL}}");
    }
  });
});

describe("recipient CSV", () => {
  it("reads a header in any order, lower-cases addresses and keeps the first of duplicates", () => {
    expect(
      parseRecipientsCsv("Department,Email,First name,Last name\nSales,Bo@Example.com,Bo,Ek\nIT,bo@example.com,X,Y\n"),
    ).toEqual([{ email: "bo@example.com", firstName: "Bo", lastName: "Ek", department: "Sales" }]);
  });

  it("refuses more rows than the cap, more bytes than the cap, and a row that is not an address", () => {
    const rows = Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => `p${i}@example.com,A,B,C`).join("\n");
    expect(() => parseRecipientsCsv(rows)).toThrow(`more than ${CSV_MAX_ROWS} rows`);
    expect(parseRecipientsCsv(rows.split("\n").slice(0, CSV_MAX_ROWS).join("\n"))).toHaveLength(CSV_MAX_ROWS);
    expect(() => parseRecipientsCsv(`a@example.com,${"x".repeat(300 * 1024)}`)).toThrow("larger than 256 KB");
    expect(() => parseRecipientsCsv("email\nnot-an-address\n")).toThrow('Row 2: "not-an-address"');
    expect(() => parseRecipientsCsv('"unclosed,quote\n')).toThrow("not valid CSV");
  });
});

// ---------------------------------------------------------------------------------------------------------------

let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
let tenantId: string;
let userId: string;

beforeAll(async () => {
  process.env.PUBLIC_URL = "https://rampart.test";
  resetEnvForTests();
  smtp = await startLoopbackSmtp();
  configureMailerForTests(smtp.config);
  const created = await createUser(`owner-${randomUUID().slice(0, 8)}@example.com`, `Training test ${randomUUID()}`);
  tenantId = created.tenantId;
  userId = created.user.id;
});

afterAll(async () => {
  configureMailerForTests(undefined);
  await smtp.close();
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});

beforeEach(() => resetRateLimits());

const LAUNCH = Date.UTC(2026, 10, 27, 9, 0, 0);

function campaign(emails: string[], spreadMinutes = 0) {
  return createCampaign(tenantId, userId, {
    name: `Campaign ${randomUUID().slice(0, 6)}`,
    templateId: "starter-password-expiry-en",
    senderName: "IT Service Desk",
    senderEmail: "it@example.net",
    courseId: "phishing-basics",
    launchAt: LAUNCH,
    spreadMinutes,
    memberIds: [],
    csvRecipients: emails.map((email) => ({ email, firstName: "F", lastName: "L", department: "Ops" })),
  });
}

const tokenOf = (campaignId: string, email: string) =>
  (
    sqlite()
      .prepare("SELECT token FROM training_recipients WHERE campaign_id = ? AND email = ?")
      .get(campaignId, email) as { token: string }
  ).token;

const received = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe("sending", () => {
  it("each mail carries the simulation header, the recipient's own links and pixel", async () => {
    const id = campaign(["one@example.com"]);
    await sendCampaignBatch(id, LAUNCH);
    const [mail] = received("one@example.com");
    const parsed = await simpleParser(mail.raw);
    expect(parsed.headers.get("x-rampart-simulation")).toBe(id);
    const token = tokenOf(id, "one@example.com");
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(parsed.text).toContain(`https://rampart.test/l/${token}`);
    expect(parsed.html).toContain(`https://rampart.test/i/${token}`);
    expect(parsed.from?.text).toBe('"IT Service Desk" <it@example.net>');
  });

  it("after a simulated restart mid-campaign, the rest are sent and nobody gets a second mail", async () => {
    const emails = ["r1@example.com", "r2@example.com", "r3@example.com"];
    const id = campaign(emails, 10);
    // Run 1 at launch: only the first is due (the others are spread over 10 minutes).
    expect((await sendCampaignBatch(id, LAUNCH)).sent).toBe(1);
    // The process dies while mailing the second: its claim is written, its send never confirmed.
    sqlite()
      .prepare("UPDATE training_recipients SET claimed_at = ? WHERE campaign_id = ? AND email = ?")
      .run(LAUNCH + 5 * 60_000, id, "r2@example.com");
    // After the restart the job runs (twice: a retried job and a duplicate run find the same state).
    const later = LAUNCH + 5 * 60_000 + CLAIM_LEASE_MS + 1;
    await sendCampaignBatch(id, later);
    await sendCampaignBatch(id, later);
    expect(emails.map((e) => received(e).length)).toEqual([1, 0, 1]);
    const people = campaignResults(tenantId, id)!.people;
    expect(people.find((p) => p.email === "r2@example.com")).toMatchObject({ stage: "not sent" });
    expect(campaignResults(tenantId, id)!.campaign.status).toBe("sent");
  });

  it("a refused send is released and sent once on the retry", async () => {
    const id = campaign(["retry@example.com"]);
    configureMailerForTests({ ...smtp.config, port: 1 });
    await expect(sendCampaignBatch(id, LAUNCH)).rejects.toThrow();
    configureMailerForTests(smtp.config);
    await sendCampaignBatch(id, LAUNCH + 60_000);
    await sendCampaignBatch(id, LAUNCH + 120_000);
    expect(received("retry@example.com")).toHaveLength(1);
  });
});

const CTX = { clientIp: "203.0.113.9" };
const params = (token: string) => ({ token });

describe("public tracking", () => {
  it("the pixel answers an unknown token exactly as a known one, and records only the known one's open", async () => {
    const id = campaign(["pixel@example.com"]);
    const token = tokenOf(id, "pixel@example.com");
    const known = (await pixel.loader({
      request: new Request(`http://x/i/${token}`),
      params: params(token),
      context: CTX,
    })) as Response;
    const unknown = (await pixel.loader({
      request: new Request("http://x/i/nope"),
      params: params("A".repeat(43)),
      context: CTX,
    })) as Response;
    expect(unknown.status).toBe(known.status);
    expect([...unknown.headers]).toEqual([...known.headers]);
    expect(Buffer.from(await unknown.arrayBuffer())).toEqual(Buffer.from(await known.arrayBuffer()));
    expect(campaignResults(tenantId, id)!.funnel.opened).toBe(1);
  });

  it("an unknown token's link is a plain 404 and changes nothing", async () => {
    const before = sqlite().prepare("SELECT count(*) AS n FROM training_events").get();
    const res = (await link.loader({
      request: new Request("http://x/l/x"),
      params: params("B".repeat(43)),
      context: CTX,
    })) as Response;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Resource not found", code: "NOT_FOUND" });
    expect(sqlite().prepare("SELECT count(*) AS n FROM training_events").get()).toEqual(before);
  });

  it(`answers 429 after ${TRACK_LIMIT.limit} requests a minute from one address`, async () => {
    const ctx = { clientIp: "203.0.113.77" };
    const call = () =>
      pixel.loader({
        request: new Request("http://x/i/z"),
        params: params("C".repeat(43)),
        context: ctx,
      }) as Promise<Response>;
    for (let i = 0; i < TRACK_LIMIT.limit; i++) expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe("RATE_LIMITED");
  });

  it("a landing-page submission is recorded, enrols the person, and stores nothing typed", async () => {
    const id = campaign(["typed@example.com"]);
    const token = tokenOf(id, "typed@example.com");
    const secret = `hunter2-${randomUUID()}`;
    // Even a client that names the fields and posts them: the action never reads the body.
    const request = new Request(`http://x/p/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "typed@example.com", password: secret }),
    });
    const result = await landing.action({ request, params: params(token), context: CTX });
    expect(result).toMatchObject({ submitted: true, token });
    expect(campaignResults(tenantId, id)!.funnel).toMatchObject({ clicked: 1, submitted: 1 });
    // Every text column of every table: the typed password is nowhere.
    const db = sqlite();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      const rows = db.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(rows), name).not.toContain(secret);
    }
    const enrolled = db
      .prepare("SELECT course_id AS courseId, campaign_id AS campaignId FROM training_assignments WHERE email = ?")
      .get("typed@example.com");
    expect(enrolled).toEqual({ courseId: "phishing-basics", campaignId: id });
  });
});
