/**
 * Issue 35: /cloud-security is a working module. A Business owner uploads the AWS fixture zip through the
 * page's form (JavaScript on and off), sees the account's failing findings by severity with their
 * remediation, the skipped file with its reason, and mutes a finding.
 */
import fs from "node:fs";
import path from "node:path";
import { createAccount, test, expect } from "./fixtures";

const AWS_ZIP = fs.readFileSync(path.resolve("tests/fixtures/cloud/aws.zip"));

test.describe("cloud security", () => {
  test("upload a zip via the form and see findings (JavaScript on)", async ({ page, login }) => {
    await login({ plan: "business" });
    await page.goto("/cloud-security");
    await expect(page.getByRole("heading", { name: "Cloud Security", level: 1 })).toBeVisible();
    await expect(page.getByTestId("in-development")).toHaveCount(0);
    await expect(page.getByTestId("cloud-not-checked")).toContainText("Not checked");
    await page.getByLabel("Provider").selectOption("aws");
    await page.getByLabel("Zip of CLI outputs, or one JSON file").setInputFiles({
      name: "my-account.zip",
      mimeType: "application/zip",
      buffer: AWS_ZIP,
    });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(page.getByTestId("cloud-result")).toContainText("Snapshot stored: 19 files recognised, 1 skipped");
    const account = page.getByTestId("cloud-account");
    await expect(account).toContainText("AWS · 123456789012");
    const failing = account.getByTestId("cloud-finding").and(page.locator("[data-status=fail]"));
    await expect(failing.filter({ hasText: "MFA is enabled for the root user" })).toContainText("AWS CIS 3.0 1.4");
    await expect(failing.filter({ hasText: "MFA is enabled for the root user" })).toContainText("Critical");
    await expect(failing.filter({ hasText: "No S3 bucket policy makes a bucket public" })).toContainText(
      "S3 → Buckets → <bucket> → Permissions → Bucket policy → Edit",
    );
    await account.getByText("Skipped files (1)").click();
    await expect(page.getByTestId("cloud-skipped")).toContainText("README.txt: Not JSON");
    // No shell command on the customer's screen: the CLI command is in the API answer and the docs.
    await expect(page.locator("main")).not.toContainText("aws s3api delete-bucket-policy");
  });

  test("the form works without JavaScript, and a mute shows the finding as muted", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { cookieValue } = await createAccount({ plan: "business" });
    await context.addCookies([
      { name: "rampart_session", value: cookieValue, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
    await page.goto("/cloud-security");
    await page.getByLabel("Zip of CLI outputs, or one JSON file").setInputFiles({
      name: "aws.zip",
      mimeType: "application/zip",
      buffer: AWS_ZIP,
    });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(page.getByTestId("cloud-result")).toContainText("Snapshot stored");
    await page.goto("/cloud-security");
    const row = page
      .getByTestId("cloud-finding")
      .filter({ hasText: "No security group allows SSH (22) from 0.0.0.0/0" })
      .first();
    await row.getByText("Mute this finding").click();
    await row.getByLabel("Reason").fill("Bastion reviewed by security");
    await row.getByRole("button", { name: "Mute" }).click();
    await expect(page.getByTestId("cloud-result")).toContainText("Muted");
    await page.goto("/cloud-security");
    await expect(page.locator("[data-status=muted]").filter({ hasText: "SSH (22)" })).toContainText(
      "Bastion reviewed by security",
    );
    await context.close();
  });
});
