// Issue 29: the score layer. A confident text model alone reaches medium; a DMARC pass no longer cancels it
// (authentication proves who sent a message, not that it is safe); a shortener behind an image-only body and
// replies routed to another domain combine; marketing from a brand's own domain is never high.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeMessage } from "../analyze.server";
import { modelCalibration, modelPoints } from "../model";

const EVAL = path.join(__dirname, "../../../../tests/fixtures/phishing-eval/legitimate");
const OFFLINE = {
  orgDomains: ["rampart-test.example"],
  resolver: async (): Promise<never> => {
    throw Object.assign(new Error("offline"), { code: "ETIMEOUT" });
  },
  dnsBudgetMs: 50,
  now: new Date("2026-11-25T10:00:00Z"),
};

function authenticated(domain: string, lines: string[], body: string, type = "text/plain") {
  return Buffer.from(
    [
      ...lines,
      "To: someone@example.net",
      "Date: Wed, 25 Nov 2026 08:00:00 +0000",
      `Message-ID: <a1@${domain}>`,
      `Authentication-Results: mx.example.net; spf=pass smtp.mailfrom=${domain}; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}`,
      "MIME-Version: 1.0",
      `Content-Type: ${type}; charset=utf-8`,
      "",
      body,
      "",
    ].join("\r\n"),
    "utf8",
  );
}

describe("score layer (issue 29)", () => {
  it("gives a confident model enough points for medium, never for high", () => {
    const c = modelCalibration();
    expect(modelPoints(0.95, c)).toBeGreaterThanOrEqual(25);
    expect(modelPoints(0.999, c)).toBeLessThan(55);
    expect(modelPoints(0.01, c)).toBeLessThan(5);
  });

  it("rates bulk spam from an authenticated throw-away domain medium, saying authentication is no comfort", async () => {
    const a = await analyzeMessage(
      authenticated(
        "best-offers-now.example",
        ["From: Offers <deals@best-offers-now.example>", "Subject: Lowest mortgage rates ever - act now, limited time"],
        "Dear Homeowner, you have been pre-approved for a low interest refinance. Lowest rates in 40 years! " +
          "Save thousands, no obligation, free quote. Click here to apply now: http://best-offers-now.example/apply " +
          "To be removed from our mailing list click here.",
      ),
      OFFLINE,
    );
    expect(a.risk).not.toBe("low");
    expect(a.rationale.join("\n")).toContain("proves who sent it, not that it is safe");
    expect(a.signals.some((s) => s.id === "authenticated-sender")).toBe(false);
  });

  it("combines a shortener with an image-only body", async () => {
    const a = await analyzeMessage(
      authenticated(
        "promo-mailer.example",
        ["From: Rewards <news@promo-mailer.example>", "Subject: For you"],
        '<html><body><a href="https://t.co/Xy12AbCd"><img src="https://cdn.promo-mailer.example/banner.jpg" alt=""></a></body></html>',
        "text/html",
      ),
      OFFLINE,
    );
    expect(a.signals.map((s) => s.id)).toContain("shortener-image-only");
    expect(a.risk).not.toBe("low");
  });

  it("combines a Reply-To in another domain with lure wording", async () => {
    const a = await analyzeMessage(
      authenticated(
        "fresh-domain.example",
        [
          "From: Claims Department <claims@fresh-domain.example>",
          "Reply-To: agent.claims@mailbox-elsewhere.example",
          "Subject: Your gift card reward is waiting",
        ],
        "You have been selected for an exclusive reward: a gift card worth $500. Complete the short survey and claim your reward today.",
      ),
      OFFLINE,
    );
    expect(a.signals.map((s) => s.id)).toContain("reply-elsewhere-lure");
    expect(a.risk).not.toBe("low");
  });

  it("lets weak bulk-mail signs add up to medium, not high (a shop's image newsletter behind a shortener)", async () => {
    for (const f of ["hardlegit-003-fr-store-promo.eml", "hardlegit-014-nl-store-promo.eml"]) {
      const a = await analyzeMessage(fs.readFileSync(path.join(EVAL, f)), OFFLINE);
      expect(`${f}: ${a.risk}`).not.toBe(`${f}: high`);
    }
  });

  it("never rates the written marketing mail from brands' own domains high", async () => {
    const files = fs.readdirSync(EVAL).filter((f) => f.startsWith("marketing-"));
    expect(files.length).toBeGreaterThan(50);
    for (const f of files) {
      const a = await analyzeMessage(fs.readFileSync(path.join(EVAL, f)), OFFLINE);
      expect(`${f}: ${a.risk}`).not.toBe(`${f}: high`);
    }
  });
});
