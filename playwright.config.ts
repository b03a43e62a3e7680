import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { configuredChromium } from "./scripts/find-browser";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
// One directory per port, so two runs side by side (different E2E_PORT) never share a database.
export const E2E_DIR = path.resolve(`tests/.tmp-e2e-${E2E_PORT}`);
export const E2E_DB = path.join(E2E_DIR, "rampart.db");
// Where the e2e server's loopback SMTP server writes each message it receives (tests/e2e/start-server.ts).
export const E2E_MAIL_DIR = path.join(E2E_DIR, "mail");
// The loopback DNS server's zone (tests/e2e/start-server.ts): one NAME.json file of TXT strings per name.
export const E2E_DNS_ZONE = path.join(E2E_DIR, "dns");
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";

// The Chromium `npm test` found or installed (scripts/find-browser.ts); run
// directly, a system Chromium where present, Playwright's own browser otherwise.
const chromium = configuredChromium();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]]
    : [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // The emergency-access spec moves the one server clock by days (POST /__test/clock): the job runner then finds
  // every other test's delayed jobs due and trials ended. It runs on its own, after everything else has finished.
  projects: [
    { name: "app", testIgnore: /emergency-access\.spec\.ts$/ },
    { name: "moved-clock", testMatch: /emergency-access\.spec\.ts$/, dependencies: ["app"] },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/start-server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: E2E_DB,
      E2E_MAIL_DIR,
      E2E_DNS_ZONE,
      // Links in mail use only the configured public address, never the request's Host (issue 26 §7).
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      SESSION_SECRET: E2E_SESSION_SECRET,
      RAMPART_TEST_ROUTES: "1",
      // The end-to-end server never calls haveibeenpwned.com (issue 20 breach feed).
      HIBP_SYNC: process.env.HIBP_SYNC ?? "0",
      RAMPART_FEEDS: process.env.RAMPART_FEEDS ?? "off",
      NODE_ENV: "production",
    },
  },
});
