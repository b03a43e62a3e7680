/**
 * Network Security (issue 36), as a person uses it: upload real Nmap XML through the page's form, see the
 * services, the findings with what to do, an alert-worthy exposed Redis, and what changed after a second scan.
 * Without JavaScript (the form posts multipart to the action), then the same page's accessibility with it.
 */
import fs from "node:fs";
import path from "node:path";
import { test, expect, checkA11y } from "./fixtures";

const FIXTURES = path.resolve(process.cwd(), "tests/fixtures/network");
const scan = (name: string) => ({
  name,
  mimeType: "text/xml",
  buffer: fs.readFileSync(path.join(FIXTURES, name)),
});

test.describe("network security", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("upload two scans through the form: services, findings with remediation, drift", async ({ page, login }) => {
      test.setTimeout(90_000);
      await login({ plan: "business" });
      await page.goto("/network-security");
      await expect(page.getByRole("heading", { name: "Network Security", level: 1 })).toBeVisible();
      await expect(page.getByText(/in development/i)).toHaveCount(0);
      await expect(page.getByTestId("empty-state")).toContainText("Nothing is checked until a scan is imported");
      await expect(page.getByTestId("scheduler-status")).toContainText("Scheduled scans are off on this server");

      await page.getByLabel("Nmap XML file").setInputFiles(scan("loopback-1.xml"));
      await page.getByRole("button", { name: "Import scan" }).click();
      await expect(page.getByTestId("notice")).toContainText("Scan imported: 1 host, 3 open ports");
      const findings = page.getByTestId("findings");
      await expect(findings).toContainText("The TLS certificate is self-signed: commonName=loopback.test");
      await expect(findings).toContainText("A cache server is reachable from the scanned network: Redis");
      await expect(findings).toContainText("Bind Redis/Memcached to localhost");
      await expect(findings.getByText("High", { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId("services")).toContainText("Redis key-value store");
      await expect(page.getByTestId("assets")).toContainText("127.0.0.1");

      await page.getByLabel("Nmap XML file").setInputFiles(scan("loopback-2.xml"));
      await page.getByRole("button", { name: "Import scan" }).click();
      await expect(page.getByTestId("notice")).toContainText("Scan imported: 1 host, 2 open ports");
      await expect(page.getByTestId("drift")).toContainText("Compared with loopback-1.xml");
      await expect(page.getByTestId("drift")).toContainText("Closed 127.0.0.1:");
    });

    test("a file that is not Nmap XML is refused next to the field", async ({ page, login }) => {
      await login({ plan: "business" });
      await page.goto("/network-security");
      await page
        .getByLabel("Nmap XML file")
        .setInputFiles({ name: "notes.xml", mimeType: "text/xml", buffer: Buffer.from("<notes>hello</notes>") });
      await page.getByRole("button", { name: "Import scan" }).click();
      await expect(page.locator("#file-error")).toContainText("not Nmap XML output");
      await expect(page.getByLabel("Nmap XML file")).toHaveAttribute("aria-invalid", "true");
    });
  });

  test("the page with a scan is accessible (JavaScript on)", async ({ page, login }) => {
    test.setTimeout(90_000);
    await login({ plan: "business" });
    await page.goto("/network-security");
    await page.getByLabel("Nmap XML file").setInputFiles(scan("loopback-1.xml"));
    await page.getByRole("button", { name: "Import scan" }).click();
    await expect(page.getByTestId("findings")).toContainText("self-signed");
    await checkA11y(page);
  });
});
