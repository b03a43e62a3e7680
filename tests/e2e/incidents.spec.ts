import { createHash, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, checkA11y, openDb } from "./fixtures";

// Incident response (issue 17): open a case from two alerts, work through a playbook's tasks, add an observable and
// evidence, resolve and close it, print the report and export it as Markdown; the same flow without JavaScript.

function raiseAlerts(tenantId: string) {
  const db = openDb();
  const ids = [randomUUID(), randomUUID()];
  try {
    const insert = db.prepare(
      "INSERT INTO alerts (id, tenant_id, source, severity, title, status, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)",
    );
    insert.run(ids[0], tenantId, "phishing", "high", "Credential phishing reported by finance", Date.now());
    insert.run(ids[1], tenantId, "breach", "medium", "Finance mailbox password in a breach", Date.now());
  } finally {
    db.close();
  }
  return ids;
}

function alertStatuses(ids: string[]) {
  const db = openDb();
  try {
    return ids.map((id) => (db.prepare("SELECT status FROM alerts WHERE id = ?").get(id) as { status: string }).status);
  } finally {
    db.close();
  }
}

async function runCase(page: Page, tenantId: string, opts: { a11y: boolean; via: "alerts" | "form" }) {
  const alertIds = raiseAlerts(tenantId);
  if (opts.via === "alerts") {
    // Selected on /alerts, opened with one click; the title is then edited on the case.
    await page.goto("/alerts");
    await page.getByLabel("Add Credential phishing reported by finance to a new case").check();
    await page.getByLabel("Add Finance mailbox password in a breach to a new case").check();
    await page.getByLabel("Playbook").selectOption("phishing");
    if (opts.a11y) await checkA11y(page);
    await page.getByRole("button", { name: "Open an incident case from the selected alerts" }).click();
    await expect(page).toHaveURL(/\/incident-response\/[0-9a-f-]{36}\?opened=1$/);
    // Named after the first of the selected alerts in the list's order (newest seen first), plus the count.
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      /(Credential phishing reported by finance|Finance mailbox password in a breach) and 1 more/,
    );
    await expect(page.getByTestId("ir-case-state")).toContainText("High");
    await page.getByLabel("Title", { exact: true }).fill("Finance phishing wave");
    await page.getByRole("button", { name: "Save case" }).click();
    await expect(page.getByTestId("ir-flash")).toContainText("Case saved.");
  } else {
    await page.goto("/incident-response");
    await expect(page.getByRole("heading", { name: "Incident Response", level: 1 })).toBeVisible();
    const form = page.getByTestId("ir-open-form");
    await form.getByLabel("Title").fill("Finance phishing wave");
    await form.getByLabel("Severity").selectOption("high");
    await form.getByLabel("Playbook").selectOption("phishing");
    await form.getByLabel("Tags").fill("finance, mail");
    await form.getByLabel("Credential phishing reported by finance").check();
    await form.getByLabel("Finance mailbox password in a breach").check();
    await form.getByRole("button", { name: "Open case" }).click();
    await expect(page).toHaveURL(/\/incident-response\/[0-9a-f-]{36}\?opened=1$/);
    await expect(page.getByTestId("ir-flash")).toContainText("opened from 2 alerts");
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Finance phishing wave");
  const caseUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("ir-linked-alerts")).toContainText("Credential phishing reported by finance");
  await expect(page.getByTestId("ir-linked-alerts")).toContainText("Finance mailbox password in a breach");
  expect(alertStatuses(alertIds)).toEqual(["acknowledged", "acknowledged"]);
  if (opts.a11y) await checkA11y(page);

  // Work through the playbook's tasks.
  const open = page.getByRole("button", { name: /^Mark done/ });
  const total = await open.count();
  expect(total).toBe(7);
  for (let left = total; left > 0; left--) {
    await open.first().click();
    await expect(page.getByTestId("ir-flash")).toContainText("Done:");
    await expect(open).toHaveCount(left - 1);
  }
  await expect(page.getByRole("heading", { name: /Tasks/ })).toContainText("0 open of 7");

  // An observable, marked as an IOC.
  await page.getByLabel("Type").selectOption("domain");
  await page.getByLabel("Value").fill("Login-Microsoft.Example.NET");
  await page.getByLabel("Indicator of compromise").check();
  await page.getByRole("button", { name: "Add observable" }).click();
  await expect(page.getByTestId("ir-flash")).toContainText("Observable added.");
  await expect(page.getByTestId("ir-observables")).toContainText("login-microsoft.example.net");
  await expect(page.getByTestId("ir-observables")).toContainText("IOC");

  // Evidence: its SHA-256 is computed on arrival and shown.
  const content = Buffer.from(`Received: from mail.example.net\nSubject: Invoice ${randomUUID()}\n`);
  const sha = createHash("sha256").update(content).digest("hex");
  await page
    .getByLabel("File (25 MB at most)")
    .setInputFiles({ name: "phish.eml", mimeType: "message/rfc822", buffer: content });
  await page.getByRole("button", { name: "Upload evidence" }).click();
  await expect(page.getByTestId("ir-flash")).toContainText(`Evidence stored. SHA-256 ${sha}`);
  await expect(page.getByTestId("ir-evidence")).toContainText("phish.eml");
  await expect(page.getByTestId("ir-evidence")).toContainText(sha);
  const download = await page.request.get(
    (await page.getByTestId("ir-evidence").getByRole("link", { name: "phish.eml" }).getAttribute("href"))!,
  );
  expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await download.body()).equals(content)).toBe(true);

  // Resolve, then close with a resolution (closing without one is refused).
  await page.getByRole("button", { name: "Start investigating" }).click();
  await expect(page.getByTestId("ir-case-state")).toContainText("Investigating");
  await page.getByRole("button", { name: "Mark contained" }).click();
  await expect(page.getByTestId("ir-case-state")).toContainText("Contained");
  await page.getByRole("button", { name: "Mark resolved" }).click();
  await expect(page.getByTestId("ir-case-state")).toContainText("Resolved");
  await page.getByRole("button", { name: "Close case" }).click();
  await expect(page.getByText("Closing a case needs a resolution")).toBeVisible();
  await page.getByLabel("Resolution").selectOption("true-positive");
  await page.getByRole("button", { name: "Close case" }).click();
  await expect(page.getByTestId("ir-case-state")).toContainText("Closed · True positive");

  const timeline = page.getByTestId("ir-timeline");
  await expect(timeline).toContainText("Case opened (alerts) with the Phishing playbook");
  await expect(timeline).toContainText("Alert linked: Credential phishing reported by finance");
  await expect(timeline).toContainText("Task done:");
  await expect(timeline).toContainText("Observable added: Domain login-microsoft.example.net (IOC)");
  await expect(timeline).toContainText(`Evidence added: phish.eml (SHA-256 ${sha})`);
  await expect(timeline).toContainText("Status Resolved → Closed (True positive)");

  // The printed report: the case, tasks, observables, evidence hashes and timeline, without the controls.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: /Finance phishing wave/, level: 1 })).toBeVisible();
  await expect(page.getByTestId("ir-evidence")).toContainText(sha);
  await expect(page.getByTestId("ir-timeline")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add observable" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Application" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  const md = await page.request.get(`${caseUrl}/markdown`);
  expect(md.headers()["content-type"]).toContain("text/markdown");
  const text = await md.text();
  expect(text).toContain("Finance phishing wave");
  expect(text).toContain(sha);
  expect(text).toContain("- [x] ");
  return caseUrl;
}

test.describe("Incident response", () => {
  test("open a case from two alerts, work its playbook, add an observable and evidence, resolve and print", async ({
    page,
    login,
  }) => {
    // A long flow (twelve form posts and four accessibility scans) on a shared two-core machine.
    test.setTimeout(90_000);
    const { tenantId } = await login({ plan: "business" });
    const caseUrl = await runCase(page, tenantId, { a11y: true, via: "alerts" });
    await page.goto(caseUrl);
    await checkA11y(page);
    await page.goto("/incident-response");
    await expect(page.getByTestId("ir-cases")).toContainText("Finance phishing wave");
    await expect(page.getByTestId("ir-overall")).toContainText("over 1 resolved case");
    await checkA11y(page);
  });

  test("works at 375 px wide", async ({ page, login }) => {
    await login({ plan: "business" });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/incident-response");
    await expect(page.getByRole("heading", { name: "Incident Response", level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});

test.describe("Incident response without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same case flow as plain form posts", async ({ page, login }) => {
    test.setTimeout(90_000);
    const { tenantId } = await login({ plan: "business" });
    await runCase(page, tenantId, { a11y: false, via: "form" });
  });
});
