/**
 * The training page's forms with hostile or mistaken input answer field errors (never a 500), the .eml import
 * replaces links and drops scripts, the preview is sanitised, and course reminders go out once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { sqlite } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { setTenantPlan } from "~/modules/tenants";
import * as page from "~/routes/_app.training-management";
import * as results from "~/routes/_app.training-management_.campaigns.$id";
import * as resultsCsv from "~/routes/_app.training-management_.campaigns.$id[.]csv";
import { startLoopbackSmtp } from "../../../tests/support/loopback-smtp";
import { settle, signedInUser } from "../../../tests/unit/helpers";
import { assignCourse, getTemplate, importEmlTemplate, previewHtml, sendDueReminders } from "./index.server";

let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  process.env.PUBLIC_URL = "https://rampart.test";
  resetEnvForTests();
  smtp = await startLoopbackSmtp();
  configureMailerForTests(smtp.config);
  owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
});
afterAll(async () => {
  configureMailerForTests(undefined);
  await smtp.close();
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});
beforeEach(() => resetRateLimits());

function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request("http://localhost/training-management", {
    method: "POST",
    headers: { Cookie: owner.cookie },
    body,
  });
  return settle(() => page.action({ request, params: {}, context: { clientIp: "198.51.100.7" } }));
}

const campaignCount = () => (sqlite().prepare("SELECT count(*) AS n FROM training_campaigns").get() as { n: number }).n;

describe("the campaign form", () => {
  const good = {
    intent: "create-campaign",
    name: "Drill",
    templateId: "starter-parcel-en",
    senderName: "Parcel Service",
    senderEmail: "track@example.net",
    recipientsCsv: "someone@example.com,Some,One,Ops",
  };

  it.each([
    [{ name: "" }, "name"],
    [{ templateId: "nope" }, "templateId"],
    [{ senderName: 'Evil"\r\nBcc: x@example.com' }, "senderName"],
    [{ senderEmail: "not an address" }, "senderEmail"],
    [{ spreadMinutes: "abc" }, "spreadMinutes"],
    [{ spreadMinutes: "-5" }, "spreadMinutes"],
    [{ spreadMinutes: "99999999" }, "spreadMinutes"],
    [{ launchAt: "yesterday-ish" }, "launchAt"],
    [{ recipientsCsv: "" }, "recipients"],
    [{ recipientsCsv: 'x,y\n\u0000,"' }, "recipientsCsv"],
    [{ courseId: "../../etc/passwd" }, "courseId"],
  ])("%o answers 4xx with a field error on %s and stores nothing", async (change, field) => {
    const before = campaignCount();
    const res = await post({ ...good, ...change });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(campaignCount()).toBe(before);
  });

  it("a valid form creates the campaign and leads to its results", async () => {
    const res = await post(good);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/training-management\/campaigns\/[0-9a-f-]{36}$/);
  });

  it("another organization's owner gets 404 for the campaign's results and CSV", async () => {
    const res = await post(good);
    const id = res.headers.get("Location")!.split("/").pop()!;
    const get = (cookie: string, route: typeof results | typeof resultsCsv) =>
      settle(() =>
        route.loader({
          request: new Request(`http://localhost/training-management/campaigns/${id}`, { headers: { Cookie: cookie } }),
          params: { id },
          context: { clientIp: "198.51.100.7" },
        }),
      );
    expect((await get(owner.cookie, resultsCsv)).status).toBe(200);
    const stranger = await signedInUser();
    setTenantPlan(stranger.tenantId, "business");
    expect((await get(stranger.cookie, results)).status).toBe(404);
    expect((await get(stranger.cookie, resultsCsv)).status).toBe(404);
  });
});

const EML = [
  "From: IT <it@corp.example>",
  "To: you@example.com",
  "Subject: Reset your password",
  "MIME-Version: 1.0",
  'Content-Type: multipart/alternative; boundary="b"',
  "",
  "--b",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Reset here: https://evil.example/reset?x=1",
  "--b",
  "Content-Type: text/html; charset=utf-8",
  "",
  '<p onclick="steal()">Reset <a href="https://evil.example/reset">here</a></p><script>alert(1)</script>',
  "--b--",
  "",
].join("\r\n");

describe("templates", () => {
  it("an imported .eml keeps subject and text, sends its links to {{.URL}} and loses its scripts", async () => {
    const id = await importEmlTemplate(owner.tenantId, owner.user.id, { raw: EML });
    const t = getTemplate(owner.tenantId, id)!;
    expect(t.subject).toBe("Reset your password");
    expect(t.text).toContain("Reset here: {{.URL}}");
    expect(t.html).toContain('<a href="{{.URL}}">here</a>');
    expect(t.html).not.toMatch(/script|onclick|evil\.example/);
    // Another organization does not see it.
    const other = await signedInUser();
    expect(getTemplate(other.tenantId, id)).toBeNull();
  });

  it("the import form refuses what is not a message with a field error", async () => {
    const res = await post({ intent: "import-template", eml: "" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toHaveProperty("eml");
  });

  it("the preview drops scripts, handlers and images", () => {
    const html = previewHtml(
      '<p onmouseover="x()">Hi {{.FirstName}}</p><img src="https://t.example/p.gif"><script>1</script>',
    );
    expect(html).toBe("<p>Hi Alex</p>");
  });
});

describe("course reminders", () => {
  it("mails an unfinished course due soon once, not again on the next pass", async () => {
    const email = `late-${randomUUID().slice(0, 8)}@example.com`;
    const now = Date.now();
    const a = assignCourse(owner.tenantId, "passwords", { email }, { dueAt: now + 86_400_000 });
    expect(await sendDueReminders(now)).toBeGreaterThanOrEqual(1);
    await sendDueReminders(now + 60_000);
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect((await simpleParser(mails[0].raw)).text).toContain(`https://rampart.test/learn/${a.token}`);
  });
});
