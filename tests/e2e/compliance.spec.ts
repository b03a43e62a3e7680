import { createHash } from "node:crypto";
import { test, expect, checkA11y } from "./fixtures";
import type { Page } from "@playwright/test";

const EVIDENCE = Buffer.from("Audit controls: every sign-in and change is logged and kept for one year.\n");
const EVIDENCE_SHA256 = createHash("sha256").update(EVIDENCE).digest("hex");

async function adoptHipaa(page: Page) {
  await page.goto("/compliance-monitoring");
  await expect(page.getByRole("heading", { name: "Compliance", level: 1 })).toBeVisible();
  await expect(page.getByTestId("empty-state")).toContainText("No framework adopted yet");
  await page.getByLabel("Framework", { exact: true }).selectOption({ label: "HIPAA Security Rule" });
  await page.getByRole("button", { name: "Adopt framework" }).click();
  await expect(page).toHaveURL(/\/compliance-monitoring\?framework=hipaa-security$/);
  await expect(page.getByTestId("score-hipaa-security")).toHaveText("0%");
  await expect(page.getByTestId("framework-hipaa-security")).toContainText("HIPAA Security Rule");
}

async function openRequirement(page: Page, id: string) {
  await page.getByLabel("Search").fill(id);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 requirement · page 1 of 1")).toBeVisible();
  await page.getByTestId("requirements-table").getByRole("link", { name: id, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(id);
}

async function uploadEvidence(page: Page) {
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "audit-controls.txt",
    mimeType: "text/plain",
    buffer: EVIDENCE,
  });
  await page.getByLabel("Title (optional)").fill("Audit log policy");
  await page.getByLabel("Expires on (optional)", { exact: true }).first().fill("2099-12-31");
  await page.getByRole("button", { name: "Upload evidence" }).click();
  await expect(page.getByTestId("result")).toHaveText(`File stored. SHA-256 ${EVIDENCE_SHA256}.`);
  await expect(page.getByTestId("evidence-sha256")).toHaveText(EVIDENCE_SHA256);
  await expect(page.getByTestId("evidence-list")).toContainText("Audit log policy");
  await expect(page.getByTestId("evidence-list")).toContainText("Current");
}

test.describe("compliance monitoring", () => {
  test("adopt HIPAA, attach evidence, watch the score move (JavaScript on)", async ({ page, login }) => {
    // Several pages, each with axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await login({ plan: "business" });
    await adoptHipaa(page);
    await expect(page.getByText("63 requirements · page 1 of 3")).toBeVisible();
    await checkA11y(page);
    // At 375 px the page does not scroll sideways (the requirements table scrolls inside its own box).
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkA11y(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await openRequirement(page, "164.312(b)");
    // Rampart's own audit trail is automatic evidence for the audit controls standard.
    await expect(page.getByRole("list", { name: "Automatic evidence" })).toContainText("Audit trail");
    await checkA11y(page);
    await uploadEvidence(page);

    // The evidence downloads as an attachment with its original name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download audit-controls.txt" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("audit-controls.txt");

    await page.getByRole("link", { name: "HIPAA Security Rule" }).click();
    await expect(page.getByTestId("score-hipaa-security")).toHaveText("2%");
    await expect(page.getByText("1 of 63 applicable requirements compliant")).toBeVisible();
    // The trend chart has its text alternative and a table.
    const chart = page.getByRole("figure").filter({ hasText: "Score trend: HIPAA" });
    await expect(chart.getByRole("img")).toBeVisible();
    await chart.getByText("Show the data as a table").click();
    await expect(chart.getByRole("table")).toContainText("2%");
    await checkA11y(page);
  });

  test("the report: CSV with the evidence and its hash, and a printable page", async ({ page, login }) => {
    test.setTimeout(120_000);
    await login({ plan: "business" });
    await adoptHipaa(page);
    await openRequirement(page, "164.312(b)");
    await uploadEvidence(page);
    await page.getByRole("link", { name: "HIPAA Security Rule" }).click();

    const csv = await page.request.get("/compliance-monitoring/hipaa-security/report.csv");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment;/);
    const text = await csv.text();
    expect(text).toContain(`"164.312(b)","Audit controls","Standard","Compliant"`);
    expect(text).toContain(`SHA-256 ${EVIDENCE_SHA256}`);

    await page.getByRole("link", { name: "Printable report" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("HIPAA Security Rule: compliance report");
    await expect(page.getByTestId("report-score")).toHaveText("2%");
    await checkA11y(page);
    // Printed: the report without the app's navigation or the page's own controls.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await expect(page.getByRole("link", { name: "Download CSV" })).toBeHidden();
  });

  test("the executive dashboard shows the compliance score instead of Not tracked", async ({ page, login }) => {
    await login({ plan: "business" });
    await page.goto("/executive");
    await expect(page.getByText("Not tracked")).toBeVisible();
    await adoptHipaa(page);
    await page.goto("/executive");
    await expect(page.getByText("Not tracked")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Compliance controls" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: /HIPAA Security Rule/ })).toBeVisible();
  });

  test("below Business the page shows the upgrade banner", async ({ page, login }) => {
    await login({ plan: "pro" });
    await page.goto("/compliance-monitoring");
    await expect(page.getByTestId("upgrade-banner")).toBeVisible();
  });
});

test.describe("compliance monitoring without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adopt HIPAA, attach evidence, watch the score move, filter and page", async ({ page, login }) => {
    test.setTimeout(120_000);
    await login({ plan: "business" });
    await adoptHipaa(page);

    // Filters and pages are a GET form and links.
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByText("63 requirements · page 2 of 3")).toBeVisible();
    await page.getByLabel("Required only").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("41 requirements · page 1 of 2")).toBeVisible();

    await openRequirement(page, "164.312(b)");
    // A field error comes back from the server, tied to its field.
    await page.getByLabel("Not applicable", { exact: true }).check();
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.locator("#justification-error")).toHaveText("Say why this requirement does not apply.");
    await expect(page.getByLabel("Justification (required when not applicable)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await uploadEvidence(page);
    await page.goto("/compliance-monitoring?framework=hipaa-security");
    await expect(page.getByTestId("score-hipaa-security")).toHaveText("2%");

    // A second requirement, by link evidence, moves it again.
    await openRequirement(page, "164.312(d)");
    await page.getByLabel("Web address").fill("https://idp.example.com/policies/authentication");
    await page.getByLabel("Title", { exact: true }).fill("Authentication policy");
    await page.getByRole("button", { name: "Add link" }).click();
    await expect(page.getByTestId("result")).toHaveText("Link added as evidence.");
    await page.goto("/compliance-monitoring?framework=hipaa-security");
    await expect(page.getByTestId("score-hipaa-security")).toHaveText("3%");
    await expect(page.getByText("2 of 63 applicable requirements compliant")).toBeVisible();
  });
});
