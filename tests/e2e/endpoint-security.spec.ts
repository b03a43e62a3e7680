import { test, expect, checkA11y } from "./fixtures";

// An osquery agent as its TLS plugins speak (the bodies osquery's documentation shows).
async function agent(request: import("@playwright/test").APIRequestContext, secret: string) {
  const enrol = await request.post("/api/osquery/enroll", {
    data: {
      enroll_secret: secret,
      host_identifier: "e2e-host-uuid",
      platform_type: "9",
      host_details: {
        os_version: { name: "Debian GNU/Linux", version: "12 (bookworm)", major: "12", platform: "debian" },
        system_info: { hostname: "build-server" },
        osquery_info: { version: "5.12.1" },
      },
    },
  });
  expect(enrol.status()).toBe(200);
  const { node_key } = (await enrol.json()) as { node_key: string };
  const read = await request.post("/api/osquery/distributed/read", { data: { node_key } });
  const queries = ((await read.json()) as { queries: Record<string, string> }).queries;
  const answers: Record<string, unknown[]> = {};
  const statuses: Record<string, number> = {};
  for (const [id, sql] of Object.entries(queries)) {
    // Disk encrypted, firewall open: one pass and one failure the page must show.
    answers[id] = sql.includes("disk_encryption") ? [{ "1": "1" }] : [];
    statuses[id] = 0;
  }
  const write = await request.post("/api/osquery/distributed/write", {
    data: { node_key, queries: answers, statuses },
  });
  expect(write.status()).toBe(200);
}

test("create an enroll secret, enrol an osquery agent and see its policies", async ({ page, login }) => {
  await login({ plan: "pro" });
  await page.goto("/endpoint-security");
  await expect(page.getByText("No device has reported to Rampart yet.")).toBeVisible();
  await page.getByLabel("Name of the new secret").fill("Build servers");
  await page.getByRole("button", { name: "Create enroll secret" }).click();
  const secret = (await page.getByTestId("enroll-secret").textContent())!.trim();
  expect(secret).toMatch(/^rmpe_/);
  await agent(page.request, secret);
  await page.goto("/endpoint-security");
  const row = page.getByRole("row", { name: /build-server/ });
  await expect(row).toContainText("Debian GNU/Linux 12 (bookworm)");
  await expect(row).toContainText("Firewall drops unsolicited input (Linux)");
  await expect(page.getByTestId("policy-linux-disk-encryption")).toContainText("100%");
  await expect(page.getByTestId("policy-linux-firewall")).toContainText("0%");
  await checkA11y(page);
});
