// The analyzer on real messages: a DKIM signature verified against a key served by a
// local resolver, lookalike senders, deceptive links, harmless mail, malformed input,
// and the detection rates over the labelled fixture corpus.
import fs from "node:fs";
import path from "node:path";
import { createHash, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dkimSign } from "mailauth";
import { analyzeMessage, looksLikeMessage, type AnalyzeOptions } from "./analyze.server";
import { buildZip, listZipEntries } from "./zip";

const ORG: AnalyzeOptions = {
  orgDomains: ["northwindtraders.com"],
  orgNames: ["Northwind Traders"],
  orgAddresses: [
    "jane.doe@northwindtraders.com",
    "tom.baker@northwindtraders.com",
    "priya.natarajan@northwindtraders.com",
  ],
  now: new Date("2026-11-22T03:00:00Z"),
};
const FIXTURES = path.join(__dirname, "fixtures");

function nxdomain(): never {
  const e = new Error("queryTxt ENOTFOUND") as Error & { code: string };
  e.code = "ENOTFOUND";
  throw e;
}

describe("DKIM re-verification with a locally served key", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const p = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const lookups: string[] = [];
  const resolver = async (name: string, rrtype: string) => {
    lookups.push(`${rrtype} ${name}`);
    if (rrtype === "TXT" && name === "mail2026._domainkey.example-shop.com") return [[`v=DKIM1; k=rsa; p=${p}`]];
    if (rrtype === "TXT" && name === "_dmarc.example-shop.com")
      return [["v=DMARC1; p=reject; rua=mailto:dmarc@example-shop.com"]];
    return nxdomain();
  };
  const message = [
    "From: Example Shop <orders@example-shop.com>",
    "To: jane.doe@northwindtraders.com",
    "Subject: Your order 4471 has shipped",
    "Date: Fri, 20 Nov 2026 10:00:00 +0000",
    "Message-ID: <order-4471@example-shop.com>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your order 4471 has shipped and will arrive on Monday.",
    "Track it at https://www.example-shop.com/orders/4471",
    "",
  ].join("\r\n");

  async function signed() {
    // mailauth 4's runtime takes `signatureData` (its bundled typings describe a flat shape).
    const result = await dkimSign(message, {
      signatureData: [{ signingDomain: "example-shop.com", selector: "mail2026", privateKey: pem }],
    } as never);
    expect(result.errors).toEqual([]);
    return result.signatures + message;
  }

  it("passes when the message is intact", async () => {
    const raw = await signed();
    const r = await analyzeMessage(raw, { ...ORG, resolver });
    const dkim = r.auth.find((a) => a.method === "dkim");
    expect(dkim).toMatchObject({ result: "pass", source: "mailauth" });
    expect(r.auth.find((a) => a.method === "dmarc")).toMatchObject({ result: "pass", source: "mailauth" });
    expect(
      r.rationale.some((l) => l.startsWith("DKIM: pass, re-verified here") && l.includes("example-shop.com")),
    ).toBe(true);
    expect(r.risk).toBe("low");
    expect(lookups).toContain("TXT mail2026._domainkey.example-shop.com");
  });

  it("fails after the body is changed", async () => {
    const raw = (await signed()).replace("arrive on Monday", "arrive on Friday");
    const r = await analyzeMessage(raw, { ...ORG, resolver });
    expect(r.auth.find((a) => a.method === "dkim")).toMatchObject({ result: "fail", source: "mailauth" });
    expect(r.auth.find((a) => a.method === "dmarc")?.result).toBe("fail");
    expect(r.rationale.find((l) => l.startsWith("DKIM: fail"))).toMatch(/body was changed after signing/);
    expect(r.score).toBeGreaterThanOrEqual(25);
  });

  it("never waits on DNS beyond its budget and falls back to Authentication-Results", async () => {
    const raw =
      "Authentication-Results: mx.example.net; dkim=pass header.i=@example-shop.com; spf=pass smtp.mailfrom=example-shop.com; dmarc=pass header.from=example-shop.com\r\n" +
      (await signed());
    const silent = () => new Promise<never>(() => {});
    const started = Date.now();
    const r = await analyzeMessage(raw, { ...ORG, resolver: silent, dnsBudgetMs: 300 });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(r.auth.find((a) => a.method === "dkim")).toMatchObject({ result: "pass", source: "mx.example.net" });
    expect(r.rationale.some((l) => /as reported by mx\.example\.net/.test(l))).toBe(true);
  });

  it("does no DNS look-up at all for a message without a DKIM signature", async () => {
    let asked = 0;
    const counting = async () => {
      asked++;
      return nxdomain();
    };
    await analyzeMessage(message, { ...ORG, resolver: counting });
    expect(asked).toBe(0);
  });
});

describe("sender checks", () => {
  it("flags a lookalike sender domain (paypa1.com) and the brand display name", async () => {
    const raw = fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml"));
    const r = await analyzeMessage(raw, ORG);
    expect(r.sender).toBe("service@paypa1.com");
    expect(r.risk).toBe("high");
    expect(r.rationale).toContain(
      'Sender domain paypa1.com imitates paypal.com (PayPal): "paypa1" differs from "paypal" only by look-alike characters.',
    );
  });

  it("flags a punycode homograph of paypal.com", async () => {
    const r = await analyzeMessage(fs.readFileSync(path.join(FIXTURES, "phishing/04-punycode-paypal.eml")), ORG);
    expect(r.rationale.some((l) => l.includes("xn--pypal-4ve.com") && l.includes("looks like paypal.com"))).toBe(true);
  });

  it("flags a lookalike of the organization's own domain and a colleague's name from outside", async () => {
    const raw = [
      "From: Tom Baker <tom.baker@northwlndtraders.com>",
      "Reply-To: tbaker.payments@gmail.com",
      "To: priya.natarajan@northwindtraders.com",
      "Subject: Supplier payment today",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <x1@northwlndtraders.com>",
      "",
      "Please process a wire transfer of 48,200 EUR today. New bank details attached.",
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.risk).toBe("high");
    expect(
      r.rationale.some((l) =>
        l.startsWith(
          "Sender domain northwlndtraders.com imitates northwindtraders.com (one of your organization's domains)",
        ),
      ),
    ).toBe(true);
    expect(r.rationale.some((l) => l.startsWith("Replies go to tbaker.payments@gmail.com (gmail.com)"))).toBe(true);
  });
});

describe("links", () => {
  it("flags a link whose visible text names another domain than its target, and shows the real target as text", async () => {
    const raw = [
      "From: Billing <billing@northwindtraders.com>",
      "To: jane.doe@northwindtraders.com",
      "Subject: Statement",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <s1@northwindtraders.com>",
      "Content-Type: text/html; charset=utf-8",
      "",
      '<p>Your statement: <a href="https://statements-portal.example.net/login">https://www.paypal.com/statements</a></p>',
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.rationale).toContain(
      "A link's text shows www.paypal.com but it really goes to statements-portal.example.net (https://statements-portal.example.net/login).",
    );
    expect(r.bodyText).toContain("https://www.paypal.com/statements [https://statements-portal.example.net/login]");
    expect(r.links[0]).toMatchObject({
      href: "https://statements-portal.example.net/login",
      text: "https://www.paypal.com/statements",
      domain: "example.net",
    });
    expect(r.risk).not.toBe("low");
  });

  it("flags raw IP links, shorteners and unusual TLDs", async () => {
    const raw =
      "From: a@b-example.com\r\nSubject: x\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\nMessage-ID: <1@b-example.com>\r\n\r\nhttp://192.0.2.7/login https://bit.ly/abc https://verify-now.top/x\r\n";
    const r = await analyzeMessage(raw, ORG);
    const ids = r.signals.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["ip-link", "shortener", "tld"]));
  });
});

describe("attachments", () => {
  it("reports risky attachments with their SHA-256", async () => {
    const raw = fs.readFileSync(path.join(FIXTURES, "phishing/09-zip-double-extension.eml"));
    const r = await analyzeMessage(raw, ORG);
    const att = r.attachments[0]!;
    expect(att.filename).toBe("Invoice_48213.zip");
    expect(att.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.rationale.some((l) => l.includes(att.sha256) && l.includes("Invoice_48213.pdf.exe"))).toBe(true);
  });

  it("reads zip central directories and the encryption flag", () => {
    const z = buildZip([
      { name: "a.txt", data: Buffer.from("hi") },
      { name: "b.js", data: Buffer.from("x"), encrypted: true },
    ]);
    expect(listZipEntries(z)).toEqual([
      { name: "a.txt", encrypted: false },
      { name: "b.js", encrypted: true },
    ]);
    expect(listZipEntries(Buffer.from("PK\x03\x04garbage"))).toBeNull();
  });

  it("computes the SHA-256 of the decoded attachment", async () => {
    const content = Buffer.from("<html><body>hello</body></html>");
    const raw = [
      "From: x@y-example.com",
      "Subject: att",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <a@y-example.com>",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "see attached",
      "--b",
      'Content-Type: text/html; name="page.html"',
      'Content-Disposition: attachment; filename="page.html"',
      "Content-Transfer-Encoding: base64",
      "",
      content.toString("base64"),
      "--b--",
      "",
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.attachments[0]?.sha256).toBe(createHash("sha256").update(content).digest("hex"));
    expect(r.attachments[0]?.issues).toContain("HTML file");
  });
});

describe("harmless mail", () => {
  it("rates a newsletter low", async () => {
    const r = await analyzeMessage(fs.readFileSync(path.join(FIXTURES, "legit/01-newsletter-substack.eml")), ORG);
    expect(r.risk).toBe("low");
    expect(r.subject).toBe("The state of platform teams in 2026");
    expect(r.bodyText).toContain("Read online [https://substack.com/redirect/");
    expect(r.bodyText).not.toContain("<p>");
  });
});

describe("malformed input never throws", () => {
  const cases: [string, Buffer | string][] = [
    ["garbage bytes", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ["an empty string", ""],
    [
      "a 500 KB header",
      `From: a@b-example.com\r\nSubject: big\r\nX-Padding: ${"A".repeat(500 * 1024)}\r\nDate: Fri, 20 Nov 2026 10:00:00 +0000\r\n\r\nbody\r\n`,
    ],
    ["thousands of header lines", `From: a@b-example.com\r\n${"X-H: y\r\n".repeat(60_000)}\r\nbody`],
    [
      "a broken multipart (no closing boundary, bad base64)",
      'From: a@b-example.com\r\nSubject: broken\r\nContent-Type: multipart/mixed; boundary="zzz"\r\n\r\n--zzz\r\nContent-Type: application/pdf; name="x.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@@not base64@@@@\r\n--zz',
    ],
    [
      "a missing boundary parameter",
      "From: a@b-example.com\r\nSubject: nob\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\nhello\r\n",
    ],
    [
      "an unknown charset",
      "From: =?x-unknown-99?Q?J=E9r=F4me?= <j@b-example.com>\r\nSubject: =?koi8-zz?B?////?=\r\nContent-Type: text/plain; charset=x-made-up\r\n\r\nH\xe9llo \xff\xfe\r\n",
    ],
    [
      "nested message/rfc822 10 levels deep",
      "From: a@b-example.com\r\nSubject: nest\r\n" +
        "Content-Type: message/rfc822\r\n\r\nFrom: c@d-example.com\r\n".repeat(10) +
        "\r\nend",
    ],
    [
      "html with a broken anchor",
      "From: a@b-example.com\r\nContent-Type: text/html\r\n\r\n<a href='http://[::1'>x</a><a href=javascript:alert(1)>y</a><<<>>>",
    ],
  ];
  for (const [name, raw] of cases) {
    it(`gives a best-effort analysis for ${name}`, async () => {
      const r = await analyzeMessage(raw, ORG);
      expect(["low", "medium", "high"]).toContain(r.risk);
      expect(r.rationale.length).toBeGreaterThan(0);
      expect(typeof r.subject).toBe("string");
    });
  }

  it("reads a pasted source with leading blank lines and an mbox From line", async () => {
    const raw =
      "\n\n  \nFrom someone@example.com Fri Nov 20 10:00:00 2026\nFrom: Ann <ann@example-shop.com>\nSubject: Hello there\n\nhi";
    const r = await analyzeMessage(raw, ORG);
    expect(r.subject).toBe("Hello there");
    expect(r.sender).toBe("ann@example-shop.com");
  });

  it("tells callers which input is not an e-mail at all", () => {
    expect(looksLikeMessage(cases[0]![1])).toBe(false);
    expect(looksLikeMessage("just some words\nand more")).toBe(false);
    expect(looksLikeMessage("From: a@b.com\r\nSubject: x\r\n\r\nhi")).toBe(true);
    expect(looksLikeMessage("From someone@example.com Fri Nov 20 10:00:00 2026\nFrom: a@b.com\n\nhi")).toBe(true);
  });
});

describe("labelled fixture corpus", () => {
  async function rate(kind: "legit" | "phishing") {
    const dir = path.join(FIXTURES, kind);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
    const results = await Promise.all(
      files.map(async (f) => ({ f, r: await analyzeMessage(fs.readFileSync(path.join(dir, f)), ORG) })),
    );
    return results;
  }

  it("rates at least 90% of phishing medium or high and at most 5% of legitimate mail high", async () => {
    const phishing = await rate("phishing");
    const legit = await rate("legit");
    expect(phishing.length).toBeGreaterThanOrEqual(15);
    expect(legit.length).toBeGreaterThanOrEqual(15);
    const caught = phishing.filter(({ r }) => r.risk !== "low");
    const falseHigh = legit.filter(({ r }) => r.risk === "high");
    expect(
      caught.length / phishing.length,
      `missed: ${phishing
        .filter(({ r }) => r.risk === "low")
        .map(({ f }) => f)
        .join(", ")}`,
    ).toBeGreaterThanOrEqual(0.9);
    expect(
      falseHigh.length / legit.length,
      `legitimate rated high: ${falseHigh.map(({ f }) => f).join(", ")}`,
    ).toBeLessThanOrEqual(0.05);
  });
});

describe("Authentication-Results in Microsoft 365's format and advance-fee wording", () => {
  it("reads a header without an authserv-id and treats dmarc=fail action=quarantine as enforced", async () => {
    const raw = [
      "Authentication-Results: spf=softfail (sender IP is 198.51.100.86)",
      " smtp.mailfrom=example-isp.net; dkim=none (message not signed)",
      " header.d=none;dmarc=fail action=quarantine",
      " header.from=example-isp.net;compauth=fail reason=000",
      'From: "Philip Fredrick" <ghulam@example-isp.net>',
      "Reply-To: <philip.fredrick.donations@gmail.com>",
      "Subject: RE: Donation For You",
      "Date: Wed, 2 Aug 2023 19:27:50 -0700",
      "Message-ID: <0bcd@example-isp.net>",
      "Content-Type: text/plain",
      "",
      "I have decided to give $10.5 Million to randomly selected individuals. You have been selected.",
      "Confirm your email is good and email me.",
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.auth.find((a) => a.method === "spf")).toMatchObject({
      result: "softfail",
      source: "the receiving server",
    });
    expect(r.signals.find((s) => s.id === "dmarc")?.weight).toBe(25);
    expect(r.signals.some((s) => s.id === "advance-fee")).toBe(true);
    expect(r.risk).toBe("high");
  });
});

describe("callback scams", () => {
  it("flags a fake renewal with a number to call", async () => {
    const raw = [
      'From: "Billing Dept" <orders.dept2291@gmail.com>',
      "Subject: Invoice #INV-88213 - Thank you for your order",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <cb1@mail.gmail.com>",
      "",
      "Dear Customer, your Norton 360 subscription has been renewed and you have been charged $399.99.",
      "If you did not authorise this payment, call us within 24 hours at +1 (855) 201-7741 to cancel and request a refund.",
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.signals.some((s) => s.id === "callback")).toBe(true);
    expect(r.risk).not.toBe("low");
  });
});

describe("filter evasion", () => {
  it("flags Cyrillic letters inside Latin words and still reads the wording", async () => {
    const raw = [
      "From: Security <alerts@acct-notice.example-mail.net>",
      "Subject: Someone tried to Iog in to your account",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <e1@example-mail.net>",
      "",
      "We detected suspicious activity. V\u0435rify your \u0430ccount within 24 hours: https://acct-check.top/v",
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    const ids = r.signals.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["mixed-script", "credential", "account-threat", "urgency"]));
    expect(r.risk).toBe("high");
  });
});

describe("names that are brands and people", () => {
  const msg = (name: string, from: string) =>
    [
      `From: ${name} <${from}>`,
      "Subject: Lunch",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <p1@example-mail.net>",
      "",
      "Lunch on Friday?",
    ].join("\r\n");
  it("does not take a person called Chase for the bank, but does take 'Chase Online Security'", async () => {
    const person = await analyzeMessage(msg("Chase Miller", "chase.miller@example-mail.net"), ORG);
    expect(person.signals.some((s) => s.id === "display-name-brand")).toBe(false);
    const bank = await analyzeMessage(msg("Chase Online Security", "alerts@example-mail.net"), ORG);
    expect(bank.signals.some((s) => s.id === "display-name-brand")).toBe(true);
  });
});

describe("extortion and image-only messages", () => {
  it("flags a bitcoin extortion message", async () => {
    const raw = [
      "From: you <victim@example-mail.net>",
      "Subject: Your account was hacked",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <x9@example-mail.net>",
      "",
      "I installed malware on your device and recorded you through the webcam. Send $1500 to my bitcoin wallet address within 48 hours or the video goes to all your contacts.",
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.signals.some((s) => s.id === "extortion")).toBe(true);
    expect(r.risk).not.toBe("low");
  });

  it("notes an HTML message that is only an image and a link", async () => {
    const raw = [
      "From: Notice <notice@example-mail.net>",
      "Subject: Notice",
      "Date: Fri, 20 Nov 2026 10:00:00 +0000",
      "Message-ID: <x10@example-mail.net>",
      "Content-Type: text/html",
      "",
      '<a href="https://example-landing.net/x"><img src="https://example-landing.net/banner.png" alt=""></a>',
    ].join("\r\n");
    const r = await analyzeMessage(raw, ORG);
    expect(r.signals.some((s) => s.id === "little-text")).toBe(true);
  });
});
