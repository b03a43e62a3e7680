// Self-service domain verification (issue 32): a customer adds a domain, publishes the TXT record the page shows
// on the loopback DNS server the e2e server asks (tests/e2e/start-server.ts), presses Verify, and the domain is
// verified: no operator, no command line. At desktop and phone sizes, with and without JavaScript.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { test, expect } from "./fixtures";
import { E2E_DNS_ZONE } from "../../playwright.config";

function publishTxt(name: string, values: string[]) {
  fs.mkdirSync(E2E_DNS_ZONE, { recursive: true });
  const file = path.join(E2E_DNS_ZONE, `${name}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(values));
  fs.renameSync(`${file}.tmp`, file);
}

for (const { label, viewport, javaScriptEnabled } of [
  { label: "desktop, JavaScript on", viewport: { width: 1366, height: 768 }, javaScriptEnabled: true },
  { label: "phone, JavaScript off", viewport: { width: 390, height: 844 }, javaScriptEnabled: false },
]) {
  test.describe(label, () => {
    test.use({ viewport, javaScriptEnabled });

    test("a customer verifies a domain with a DNS TXT record", async ({ page, login }) => {
      await login({ plan: "free" });
      const domain = `dv${randomUUID().slice(0, 8)}.example.test`;
      await page.goto("/dark-web-monitoring");
      await page.getByLabel("E-mail address or domain", { exact: true }).fill(domain);
      await page.getByRole("button", { name: "Add to watchlist" }).click();
      const status = page.getByRole("region", { name: "Watch an e-mail address or domain" }).getByRole("status");
      await expect(status).toContainText(`Now watching ${domain}`);
      // No operator command anywhere on the page.
      await expect(page.locator("body")).not.toContainText("npm run");

      const card = page.getByTestId("pending-domain").filter({ hasText: domain });
      const record = (await card.getByTestId("txt-record").textContent())!.trim();
      expect(record).toMatch(/^rampart-verification=[0-9a-f]{32}$/);

      // Before the record is published, Verify says why it is not verified yet.
      await card.getByRole("button", { name: `Verify ${domain}` }).click();
      await expect(card.getByRole("alert")).toContainText(`${domain} is not verified yet`);
      await expect(card.getByRole("alert")).toContainText("has no TXT records yet");

      publishTxt(domain, ["v=spf1 -all", record]);
      await card.getByRole("button", { name: `Verify ${domain}` }).click();
      await expect(page.getByTestId("domain-verification").getByRole("status")).toContainText(`${domain} is verified`);
      await expect(page.getByTestId("pending-domain").filter({ hasText: domain })).toHaveCount(0);
      const identity = page
        .getByTestId(viewport.width < 1024 ? "identity-card" : "identity-row")
        .filter({ hasText: domain });
      await expect(identity).toHaveAttribute("data-status", "clean");
    });
  });
}
