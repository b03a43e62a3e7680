import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, checkA11y } from "./fixtures";

// Issue 32: one indicator search on /threat-hunting. An IP that is in an ingested event and in an analysed
// message's Received: header is found in both (it used to say "No matches"), defanged or not, with and
// without JavaScript; each hit links to the place that shows it.

function seedIp() {
  return `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
}

async function seed(request: APIRequestContext, ip: string) {
  const ingest = await request.post("/api/events", {
    headers: { "Content-Type": "application/x-ndjson" },
    data: JSON.stringify({
      "@timestamp": new Date(Date.now() - 60_000).toISOString(),
      host: "edge-fw",
      message: `blocked inbound connection from ${ip} to port 445`,
    }),
  });
  expect(ingest.status()).toBe(202);
  const raw = [
    `Received: from mx.bulk-sender.test (mx.bulk-sender.test [${ip}]) by mail.example.com; Tue, 24 Nov 2026 09:12:01 +0000`,
    "From: Shipping <notice@parcel-track.test>",
    "To: alex@example.com",
    "Subject: Your parcel is waiting",
    "Date: Tue, 24 Nov 2026 09:11:58 +0000",
    "Message-ID: <parcel-1@parcel-track.test>",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your parcel could not be delivered. Pay the customs fee to release it.",
    "",
  ].join("\r\n");
  const analysed = await request.post("/api/phishing/analyze", { data: { raw } });
  expect(analysed.status()).toBeLessThan(300);
}

async function searchAndSee(page: Page, query: string) {
  await page.goto("/threat-hunting");
  await page.getByRole("searchbox", { name: "Indicator" }).fill(query);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const hits = page.getByTestId("indicator-hit");
  await expect(
    hits.filter({ hasText: "Event" }).getByRole("link", { name: /blocked inbound connection/ }),
  ).toBeVisible();
  const message = hits.filter({ hasText: "Your parcel is waiting" });
  await expect(message).toHaveAttribute("data-kind", "Message");
  await expect(message).toContainText("in the Received header");
  await expect(message.getByRole("link")).toHaveAttribute("href", /^\/phishing#message-/);
  // No id in what the page shows.
  await expect(page.getByTestId("indicator-results")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
}

test("searching an IP finds the ingested event and the message whose Received header names it", async ({
  page,
  login,
}) => {
  await login({ plan: "business" });
  const ip = seedIp();
  await seed(page.request, ip);
  await searchAndSee(page, ip);
  await checkA11y(page);
  // The event's link opens Logs on the event's minute with the indicator searched.
  await page.getByTestId("indicator-hit").filter({ hasText: "Event" }).getByRole("link").click();
  await expect(page.getByText(`blocked inbound connection from ${ip} to port 445`)).toBeVisible();
  // Defanged, as a threat report writes it.
  await searchAndSee(page, ip.replaceAll(".", "[.]"));
  // Too long: refused with the reason, not a server error.
  await page.getByRole("searchbox", { name: "Indicator" }).evaluate((el) => el.removeAttribute("maxlength"));
  await page.getByRole("searchbox", { name: "Indicator" }).fill("x".repeat(3000));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An indicator is at most" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the indicator search is a plain GET form with the same hits", async ({ page, login }) => {
    await login({ plan: "business" });
    const ip = seedIp();
    await seed(page.request, ip);
    await searchAndSee(page, ip);
    expect(page.url()).toContain(`q=${ip}`);
  });
});
