// Emergency access (issue 34), with and without JavaScript: an owner names a trusted contact with a 1-day wait; the contact
// accepts and requests; the owner (told by mail and by the shell's banner) rejects and nothing is granted; the
// contact requests again; a day passes (the app clock, moved by the test-only `/__test/clock` route that exists only
// on the end-to-end server, app/lib/clock.server.ts); access is granted as view by the job runner, the contact sees
// the organization read-only with the "Emergency access granted by …" banner on every page, and it expires.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { test, expect, createAccount, mailbox, openDb } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;

async function signedIn(browser: Browser, cookieValue: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([
    { name: "rampart_session", value: cookieValue, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
  ]);
  return context.newPage();
}

function contactRow(tenantId: string) {
  const db = openDb();
  try {
    return db
      .prepare("SELECT state, granted_at AS grantedAt, ends_at AS endsAt FROM emergency_contacts WHERE tenant_id = ?")
      .get(tenantId) as { state: string; grantedAt: number | null; endsAt: number | null };
  } finally {
    db.close();
  }
}

function grantJobs(tenantId: string) {
  const db = openDb();
  try {
    return (
      db
        .prepare(
          "SELECT count(*) AS n FROM jobs WHERE tenant_id = ? AND kind = 'emergency-access.grant' AND status = 'queued'",
        )
        .get(tenantId) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

// Both runs move the one server clock: they run one after the other, never beside each other.
test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [false, true]) {
  test(`a trusted contact is rejected once, then granted read-only access that expires (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const org = `Harbour ${randomUUID().slice(0, 6)}`;
    const owner = await createAccount({ plan: "business", tenantName: org });
    const contact = await createAccount({ plan: "free" });
    const ownerPage = await signedIn(browser, owner.cookieValue, javaScriptEnabled);
    const contactPage = await signedIn(browser, contact.cookieValue, javaScriptEnabled);

    // The owner names the contact: view, 1-day wait, 7 days of access.
    await ownerPage.goto("/emergency-access");
    await expect(ownerPage.getByText("In development")).toHaveCount(0);
    const add = ownerPage.getByTestId("add-contact");
    await add.getByLabel("E-mail address").fill(contact.email);
    await add.getByLabel("Access level").selectOption("view");
    await add.getByLabel("Wait period (days)").fill("1");
    await add.getByLabel("Access lasts (days)").fill("7");
    await add.getByRole("button", { name: "Name trusted contact" }).click();
    await expect(ownerPage.getByTestId("contact-state")).toHaveText("Invited");
    const invitation = await mailbox.latest(contact.email, { subject: "trusted contact" });
    expect(invitation.link()).toMatch(/\/emergency-access$/);

    // Naming yourself is refused next to the field.
    await add.getByLabel("E-mail address").fill(owner.email);
    await add.getByRole("button", { name: "Name trusted contact" }).click();
    await expect(ownerPage.locator("#email-error")).toHaveText("You cannot name yourself as your own trusted contact.");

    // The contact accepts and requests.
    await contactPage.goto("/emergency-access");
    await expect(contactPage.getByTestId("nomination")).toContainText(org);
    await contactPage.getByRole("button", { name: "Accept" }).click();
    await expect(contactPage.getByTestId("emergency-result")).toHaveText("You are now a trusted contact.");
    await contactPage.getByRole("button", { name: "Request access" }).click();
    await expect(contactPage.getByTestId("nomination-state")).toContainText("Requested: granted on");

    // The owner is told by mail and, on every page, by the banner; they reject. Nothing is granted.
    const told = await mailbox.latest(owner.email, { subject: "requested emergency access" });
    expect(told.text).toContain(contact.email);
    await ownerPage.goto("/dashboard");
    await expect(ownerPage.getByTestId("emergency-pending-banner")).toContainText(
      `${contact.email} requested emergency access to ${org}.`,
    );
    await ownerPage.getByRole("link", { name: "Review the request" }).click();
    await ownerPage.getByRole("button", { name: "Reject request" }).click();
    await expect(ownerPage.getByTestId("emergency-result")).toHaveText("Request rejected: nothing was granted.");
    await expect(ownerPage.getByTestId("emergency-pending-banner")).toHaveCount(0);
    const advance = async (ms: number) =>
      expect((await contactPage.request.post("/__test/clock", { form: { advanceMs: String(ms) } })).status()).toBe(200);
    await advance(DAY + 60_000);
    // Rejecting removed the grant job: no runner pass can grant this request.
    expect(grantJobs(owner.tenantId)).toBe(0);
    expect(contactRow(owner.tenantId)).toEqual({ state: "accepted", grantedAt: null, endsAt: null });

    // The contact requests again; a day passes; the job runner grants view access.
    await contactPage.goto("/emergency-access");
    await contactPage.getByRole("button", { name: "Request access" }).click();
    await expect(contactPage.getByTestId("nomination-state")).toContainText("Requested: granted on");
    await advance(DAY + 60_000);
    await expect.poll(() => contactRow(owner.tenantId).state, { timeout: 20_000 }).toBe("granted");

    // Every page says so; the contact switches to the organization and sees it read-only.
    await contactPage.goto("/dashboard");
    await expect(contactPage.getByTestId("emergency-granted-banner")).toContainText(
      `Emergency access granted by ${owner.email}, ends`,
    );
    await contactPage.getByLabel("Organization").selectOption({ label: org });
    // Without JavaScript the switcher's button submits; with it, choosing submits.
    if (!javaScriptEnabled) await contactPage.getByRole("button", { name: "Switch" }).click();
    await expect(contactPage.getByLabel("Organization")).toHaveValue(owner.tenantId);
    await contactPage.goto("/settings/members");
    await expect(contactPage.getByTestId("emergency-granted-banner")).toContainText("the organization you are viewing");
    await expect(contactPage.getByText(owner.email).first()).toBeVisible();
    await expect(contactPage.getByRole("button", { name: /invite/i })).toHaveCount(0);
    await contactPage.goto("/emergency-access");
    await expect(contactPage.getByTestId("emergency-no-role")).toBeVisible();
    const write = await contactPage.request.post("/api/incidents", {
      data: { title: "Not allowed", severity: "high" },
      headers: { "X-Tenant-Id": owner.tenantId },
    });
    expect(write.status()).toBe(403);
    await ownerPage.goto("/emergency-access");
    await ownerPage.getByText("Timeline").click();
    await expect(ownerPage.getByTestId("timeline")).toContainText("Used by");

    // Seven days later the grant has expired: no banner, no organization.
    await advance(7 * DAY + 60_000);
    await expect.poll(() => contactRow(owner.tenantId).state, { timeout: 20_000 }).toBe("accepted");
    await contactPage.goto("/dashboard");
    await expect(contactPage.getByTestId("emergency-granted-banner")).toHaveCount(0);
    await expect(contactPage.getByLabel("Organization").locator("option")).toHaveText(["Personal"]);
    await ownerPage.goto("/emergency-access");
    const timeline = ownerPage.getByTestId("timeline");
    for (const kind of ["Invited", "Accepted", "Requested access", "Rejected", "Granted", "Used", "Expired"])
      await expect(timeline).toContainText(kind);
  });
}
