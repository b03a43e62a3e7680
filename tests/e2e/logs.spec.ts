import { test, expect, checkA11y } from "./fixtures";

// Logs & Anomalies end to end: create an API token on Settings, ingest with it from the test (ndjson and
// syslog with a burst of failed sshd sign-ins), search on /logs, see the anomaly and acknowledge it.

test("create a token, ingest with it, search on /logs, acknowledge an anomaly", async ({ page, login, request }) => {
  await login({ plan: "business" });
  await page.goto("/settings/tokens");
  const section = page.getByTestId("api-tokens");
  await section.getByLabel("Name").fill("e2e shipper");
  await section.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByTestId("new-token").inputValue();
  expect(token).toMatch(/^rmp_[A-Za-z0-9_-]{43}$/);
  await expect(section.getByRole("cell", { name: "e2e shipper", exact: true })).toBeVisible();

  const now = new Date();
  const stamp = (s: number) => new Date(now.getTime() - s * 1000);
  const bsd = (d: Date) =>
    `${d.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${String(d.getUTCDate()).padStart(2, " ")} ${d.toISOString().slice(11, 19)}`;
  const ndjson = [
    JSON.stringify({
      "@timestamp": stamp(120).toISOString(),
      message: "deploy finished for checkout-service",
      host: "ci-1",
    }),
    JSON.stringify({ "@timestamp": stamp(110).toISOString(), message: "cache warmed", host: "web-1" }),
    "this line is broken",
  ].join("\n");
  const res = await request.post("/api/events", {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    data: ndjson,
  });
  expect(res.status()).toBe(202);
  const body = await res.json();
  expect(body.accepted).toBe(2);
  expect(body.rejected).toEqual([{ line: 3, message: "The line is not valid JSON" }]);

  const syslog = Array.from(
    { length: 12 },
    (_, i) =>
      `<38>${bsd(stamp(100 - i))} bastion sshd[77]: Failed password for mallory from 198.51.100.23 port ${40000 + i} ssh2`,
  ).join("\n");
  const hec = await request.post("/api/events", {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/plain" },
    data: syslog,
  });
  expect((await hec.json()).accepted).toBe(12);

  // No token: 401.
  const anon = await request.post("/api/events", { headers: { "Content-Type": "application/json" }, data: "{}" });
  expect(anon.status()).toBe(401);

  await page.goto("/logs?q=checkout&range=1h");
  await expect(page.getByRole("heading", { name: "Logs & Anomalies", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: /deploy finished for checkout-service/ })).toBeVisible();
  await expect(page.getByText("cache warmed")).toHaveCount(0);

  await page.getByRole("textbox", { name: "Search" }).fill('host:bastion AND "failed password"');
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("(12 matching, page 1 of 1)")).toBeVisible();

  const anomaly = page.getByTestId("anomaly").filter({ hasText: "for user mallory" });
  await expect(anomaly).toContainText("Failed sign-in burst");
  await expect(anomaly).toContainText("Medium");
  await checkA11y(page);
  await anomaly.getByRole("button", { name: /Acknowledge/ }).click();
  await expect(page.getByText("Anomaly acknowledged.")).toBeVisible();
  await expect(page.getByTestId("anomaly").filter({ hasText: "for user mallory" })).toContainText("Acknowledged");
});
