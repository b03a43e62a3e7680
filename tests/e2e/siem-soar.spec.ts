import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, checkA11y, openDb } from "./fixtures";

// SIEM/SOAR playbooks end to end: a Sigma rule and a playbook made on /siem-soar, an event sent with an API token,
// the run recorded with its steps and waiting for approval, the playbook's alert on /alerts, the approval; and the
// same forms as plain posts without JavaScript.

const RULE = `title: Whoami Execution
author: Florian Roth (Nextron Systems)
license: DRL-1.1
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    Image|endswith: '\\whoami.exe'
  condition: selection
level: high
tags:
  - attack.discovery
  - attack.t1033
`;

/** An ingest token inserted as the settings page would store it (only its SHA-256). */
function ingestToken(tenantId: string, userId: string): string {
  const token = `rmp_${randomBytes(32).toString("base64url")}`;
  const db = openDb();
  try {
    db.prepare(
      "INSERT INTO api_tokens (id, tenant_id, name, scopes, token_hash, hint, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(
      randomUUID(),
      tenantId,
      "e2e shipper",
      JSON.stringify(["events:write"]),
      createHash("sha256").update(token).digest("hex"),
      token.slice(0, 8),
      userId,
    );
  } finally {
    db.close();
  }
  return token;
}

/** A Sysmon process creation in evtx_dump's JSON shape. */
function whoamiEvent(host: string) {
  return {
    Event: {
      System: {
        Provider: { "#attributes": { Name: "Microsoft-Windows-Sysmon" } },
        EventID: 1,
        Channel: "Microsoft-Windows-Sysmon/Operational",
        Computer: host,
        TimeCreated: { "#attributes": { SystemTime: new Date().toISOString() } },
      },
      EventData: {
        Image: "C:\\Windows\\System32\\whoami.exe",
        CommandLine: "whoami /all",
        ParentImage: "C:\\Windows\\System32\\cmd.exe",
        User: "CORP\\alice",
        Hashes: "SHA256=9F914D42706FE215501044ACD85A32D58AAEF1419D404FDDFA5D3B48F66CCD9F",
      },
    },
  };
}

async function send(request: APIRequestContext, token: string, host: string) {
  const res = await request.post("/api/events", {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    data: JSON.stringify(whoamiEvent(host)),
  });
  expect(res.status()).toBe(202);
}

async function addRule(page: Page) {
  await page.goto("/siem-soar");
  await page.getByLabel("Or paste a rule").fill(RULE);
  await page.getByRole("button", { name: "Add rules" }).click();
  await expect(page.getByTestId("upload-result")).toContainText("1 rule added");
}

async function fillPlaybook(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("A detection of a rule with a tag").check();
  await page.getByLabel("Tag (for a tag trigger)").fill("attack.t1033");
  await page.getByLabel("Step 1", { exact: true }).selectOption({ label: "Raise an alert" });
  await page.locator("#pb-step0-severity").selectOption("critical");
  await page.getByLabel("Step 2", { exact: true }).selectOption({ label: "Wait for approval (owner or admin)" });
  await page.getByLabel("Step 3", { exact: true }).selectOption({ label: "Add an indicator to the watchlist" });
  await page.locator("#pb-step2-indicator").selectOption("host");
}

/** The job runner polls every 2 s: reload until the run shows the status. */
async function expectRun(page: Page, status: string) {
  await expect(async () => {
    await page.goto("/siem-soar");
    await expect(page.getByTestId("playbook-run").first()).toContainText(status, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test("create a playbook, ingest a matching event, see the waiting run and its alert, approve it", async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await login({ plan: "business" });
  await addRule(page);
  await fillPlaybook(page, "Contain discovery");
  // with JavaScript the form shows only the fields the chosen trigger and steps use
  await expect(page.locator("#pb-trigger-rule")).toBeHidden();
  await expect(page.locator("#pb-step0-severity")).toBeVisible();
  await expect(page.locator("#pb-step0-channel")).toBeHidden();
  await expect(page.locator("#pb-step3-severity")).toBeHidden();
  await page.getByRole("button", { name: "Create playbook" }).click();
  await expect(page.getByTestId("playbook-message")).toHaveText("Playbook “Contain discovery” created.");
  const list = page.getByRole("list", { name: "Playbooks" });
  await expect(list).toContainText("When: Tag attack.t1033");
  await expect(list).toContainText("Raise a critical alert");

  await send(request, ingestToken(me.tenantId, me.userId), "WKS-042");
  await expectRun(page, "Awaiting approval");
  const run = page.getByTestId("playbook-run").first();
  await expect(run).toContainText("Whoami Execution on WKS-042");
  await expect(run).toContainText(/OK\s*Raise a critical alert\s*— Alert raised/);
  await expect(run).toContainText(/Waiting\s*Wait for an owner's or admin's approval/);
  await checkA11y(page);

  await page.goto("/alerts");
  await expect(
    page.getByTestId("alert-row").getByText("Contain discovery: Whoami Execution on WKS-042").first(),
  ).toBeVisible();

  await page.goto("/siem-soar");
  await page.getByRole("button", { name: "Approve the run of Contain discovery" }).click();
  await expect(page.getByTestId("playbook-message")).toContainText("approved");
  await expectRun(page, "Completed");
  await expect(page.getByTestId("playbook-run").first()).toContainText("Host WKS-042 added to the watchlist");
  await expect(page.getByRole("table", { name: "Watchlist" })).toContainText("WKS-042");
  await checkA11y(page);
});

test.describe("playbooks without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("field errors, a playbook created and edited, and a waiting run rejected, as plain form posts", async ({
    page,
    login,
    request,
  }) => {
    test.setTimeout(90_000);
    const me = await login({ plan: "business" });
    await addRule(page);
    await page.getByLabel("A detection of a rule with a tag").check();
    await page.getByLabel("Tag (for a tag trigger)").fill("not a tag!");
    // without it, every field shows and the server reads the ones the choices need
    await expect(page.locator("#pb-step0-channel")).toBeVisible();
    await page.getByRole("button", { name: "Create playbook" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#pb-name-error")).toHaveText("Give the playbook a name");
    await expect(page.locator("#pb-trigger-error")).toContainText("A tag is letters, digits");
    await expect(page.locator("#pb-steps-error")).toHaveText("Add at least one step");

    await fillPlaybook(page, "Plain posts");
    await page.getByRole("button", { name: "Create playbook" }).click();
    await expect(page.getByTestId("playbook-message")).toHaveText("Playbook “Plain posts” created.");
    await page.getByRole("link", { name: "Edit Plain posts" }).click();
    await expect(page.getByRole("heading", { name: "Edit playbook" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Plain posts v2");
    await page.getByRole("button", { name: "Save playbook" }).click();
    await expect(page.getByTestId("playbook-message")).toHaveText("Playbook “Plain posts v2” saved.");

    await send(request, ingestToken(me.tenantId, me.userId), "WKS-077");
    await expectRun(page, "Awaiting approval");
    await page.getByRole("button", { name: "Reject the run of Plain posts v2" }).click();
    await expect(page.getByTestId("playbook-message")).toContainText("rejected");
    const run = page.getByTestId("playbook-run").first();
    await expect(run).toContainText("Rejected");
    await expect(run).toContainText(/Skipped\s*Add the event's host to the watchlist\s*— The run was rejected/);

    // the page, its form and the runs fit a 375 px screen
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/siem-soar");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test("search stored events on /threat-hunting, save the hunt and turn it into a detection rule", async ({
  page,
  login,
  request,
}) => {
  const me = await login({ plan: "business" });
  await send(request, ingestToken(me.tenantId, me.userId), "WKS-099");
  await page.goto("/threat-hunting");
  await page.getByLabel("Event query").fill("Image:*\\whoami.exe AND User:*alice");
  await page.getByRole("button", { name: "Search events" }).click();
  const results = page.getByTestId("event-results");
  await expect(results).toContainText("1 matching event over the last 30 days.");
  await expect(results.getByRole("cell", { name: "WKS-099", exact: true })).toBeVisible();
  await checkA11y(page);
  await results.getByLabel("Hunt name").fill("Whoami by alice");
  await results.getByRole("button", { name: "Save hunt" }).click();
  await expect(page.getByTestId("hunt-message")).toHaveText("Hunt “Whoami by alice” saved with 1 matching event.");
  await expect(page.getByRole("link", { name: "Whoami by alice" })).toBeVisible();
  await page.getByRole("link", { name: "Whoami by alice" }).click();
  await page.getByTestId("event-results").getByRole("button", { name: "Turn into a detection rule" }).click();
  await expect(page.getByTestId("hunt-message")).toContainText("is now a detection rule");
  await page.goto("/siem-soar");
  await expect(page.getByRole("cell", { name: /Hunt: Image:\*\\whoami\.exe AND User:\*alice/ }).first()).toBeVisible();

  await page.goto("/threat-hunting?query=Image%3A%22unclosed");
  await expect(page.getByLabel("Event query")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#query-error")).toHaveText("A quoted phrase is missing its closing quote");
});
