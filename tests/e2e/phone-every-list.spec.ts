// Every list on a phone (issue 32): with data in every module, each signed-in page at 390 px neither scrolls sideways
// nor hides a list's columns beyond the right edge. A list table is either narrow enough or shown as stacked cards
// (`stack-table`), so a row's severity, title, state and actions are all on screen. Tables that are grids rather
// than lists (a permission matrix) say so with `data-phone="scroll"` and scroll inside their own frame.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const WIDTH = 390;

/** The signed-in page routes without a parameter, as URLs, read from app/routes. */
function pageRoutes(): string[] {
  return fs
    .readdirSync(path.resolve("app/routes"))
    .filter(
      (f) =>
        /^(_app\.|admin\.)/.test(f) && f.endsWith(".tsx") && !f.includes("$") && f !== "_app.tsx" && f !== "admin.tsx",
    )
    .map((f) =>
      f
        .replace(/\.tsx$/, "")
        .replace(/^_app\./, "")
        .replace(/^admin\._index$/, "admin")
        .replace(/(^|\.)_index$/, "")
        .split(".")
        .map((s) => s.replace(/_$/, ""))
        .join("/"),
    )
    .map((p) => `/${p}`);
}

const SIGMA = `title: Phone list rule ${randomUUID().slice(0, 6)}
status: experimental
logsource:
  product: linux
detection:
  sel:
    message|contains: 'phone-list'
  condition: sel
level: high
`;

async function seed(page: Page) {
  const ok = (status: number) => expect(status, "seeding a module through its API").toBeLessThan(300);
  ok(
    (
      await page.request.post("/__test/raise-alert", {
        form: { source: "test", severity: "high", title: "A long alert title about a suspicious sign-in from abroad" },
      })
    ).status(),
  );
  ok((await page.request.post("/api/incidents", { data: { title: "Phone case", severity: "high" } })).status());
  ok(
    (
      await page.request.post("/api/privacy/requests", {
        data: {
          type: "access",
          jurisdiction: "gdpr",
          subjectName: "Ada Lovelace",
          subjectEmail: "ada@example.com",
        },
      })
    ).status(),
  );
  ok(
    (
      await page.request.post("/api/phishing/analyze", {
        data: {
          raw: `From: "PayPal" <service@paypa1-secure.example>\r\nTo: you@example.com\r\nSubject: Your account is limited\r\nReceived: from mail.paypa1-secure.example (unknown [198.51.100.23]) by mx.example.com\r\n\r\nVerify now at http://paypa1-secure.example/login or your account will be closed.\r\n`,
        },
      })
    ).status(),
  );
  ok((await page.request.post("/api/detection/rules", { data: { yaml: SIGMA } })).status());
  ok(
    (
      await page.request.post("/api/network/scans", {
        data: {
          filename: "loopback-1.xml",
          content: fs.readFileSync(path.resolve("tests/fixtures/network/loopback-1.xml"), "utf8"),
        },
      })
    ).status(),
  );
  ok(
    (
      await page.request.post("/api/cloud/snapshots", {
        multipart: {
          provider: "aws",
          file: {
            name: "account.zip",
            mimeType: "application/zip",
            buffer: fs.readFileSync(path.resolve("tests/fixtures/cloud/aws.zip")),
          },
        },
      })
    ).status(),
  );
  ok(
    (
      await page.request.post("/api/vulnerability/dependencies", {
        data: {
          filename: "go.sum",
          content: fs.readFileSync(path.resolve("app/modules/vulnerability/deps/fixtures/go.sum"), "utf8"),
        },
      })
    ).status(),
  );
  ok((await page.request.post("/api/tokens", { data: { name: "Phone token", scopes: ["events:write"] } })).status());
}

test.use({ viewport: { width: WIDTH, height: 844 } });

test("every signed-in page fits a 390 px phone: lists are stacked, nothing is beyond the right edge", async ({
  page,
  login,
}) => {
  test.setTimeout(240_000);
  await login({ plan: "enterprise" });
  await seed(page);
  const problems: string[] = [];
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(25);
  for (const url of routes) {
    const response = await page.goto(url);
    if (!response || response.status() >= 400) continue; // a redirect target is visited on its own
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) {
      // Name the outermost element that reaches beyond the screen, so the failure says what to fix.
      const culprit = await page.evaluate((width) => {
        const beyond = [...document.querySelectorAll("body *")].filter(
          (e) => e.getBoundingClientRect().right > width + 1 && !e.closest("[data-phone=scroll]"),
        );
        const outer = beyond.find((e) => !beyond.includes(e.parentElement!));
        return outer ? `<${outer.tagName.toLowerCase()} class="${outer.className}">` : "unknown";
      }, WIDTH);
      problems.push(`${url}: the page scrolls sideways by ${overflow}px (${culprit})`);
    }
    const wide = await page.locator("main table:visible").evaluateAll(
      (tables, width) =>
        tables
          .filter((t) => t.getAttribute("data-phone") !== "scroll")
          .filter((t) => t.getBoundingClientRect().right > width + 1)
          .map((t) => {
            const caption =
              t.getAttribute("data-testid") ??
              t.getAttribute("aria-label") ??
              t.querySelector("th")?.textContent?.trim() ??
              "table";
            return `${caption} is ${Math.round(t.getBoundingClientRect().width)}px wide`;
          }),
      WIDTH,
    );
    for (const w of wide) problems.push(`${url}: ${w}`);
  }
  expect(problems).toEqual([]);
});
