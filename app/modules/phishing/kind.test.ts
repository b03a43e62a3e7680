// Issue 29: the verdict's kind (phishing, scam, malware, spam, legitimate) and its one line of advice. The
// scams here ask for no password at all: a gift card, a parcel fee, a loan, an airdrop. Messages are bytes
// with raw 8-bit headers, as real senders write them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeMessage, KIND_ADVICE } from "./analyze.server";

const FIXTURES = path.join(__dirname, "fixtures");
const OFFLINE = {
  orgDomains: ["rampart-test.example"],
  resolver: async (): Promise<never> => {
    throw Object.assign(new Error("offline"), { code: "ETIMEOUT" });
  },
  dnsBudgetMs: 50,
  now: new Date("2026-11-25T10:00:00Z"),
};

/** A message whose headers and body are raw 8-bit in `encoding`, authenticated by its (throw-away) domain. */
function message(o: { from: string; subject: string; body: string; html?: boolean; encoding?: BufferEncoding }) {
  const domain = o.from.slice(o.from.lastIndexOf("@") + 1).replace(/>$/, "");
  const head = [
    `From: ${o.from}`,
    "To: kunde@example.net",
    `Subject: ${o.subject}`,
    "Date: Wed, 25 Nov 2026 08:00:00 +0000",
    `Message-ID: <20261125080000.1@${domain}>`,
    `Authentication-Results: mx.example.net; spf=pass smtp.mailfrom=${domain}; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}`,
    "MIME-Version: 1.0",
    `Content-Type: ${o.html ? "text/html" : "text/plain"}`,
  ].join("\r\n");
  return Buffer.from(`${head}\r\n\r\n${o.body}\r\n`, o.encoding ?? "utf8");
}

describe("verdict kind (issue 29)", () => {
  it("calls a supermarket gift-card survey a scam, with the scam advice (German, Latin-1 headers)", async () => {
    const raw = message({
      from: '"Kundenservice" <info@treue-aktion24.shop>',
      subject: "Gl\xfcckwunsch! Ihr 500\x80 Gutschein wartet \u2013 kurze Umfrage",
      body: "Sie wurden ausgew\xe4hlt! Beantworten Sie 3 Fragen in unserer kurzen Umfrage und erhalten Sie Ihre Belohnung: einen Gutschein \xfcber 500\x80. Belohnung abholen: https://bit.ly/3xYgutschein",
      encoding: "latin1",
    });
    const a = await analyzeMessage(raw, OFFLINE);
    expect(a.subject).toContain("Glückwunsch");
    expect(a.risk).not.toBe("low");
    expect(a.kind).toBe("scam");
    expect(a.advice).toBe(KIND_ADVICE.scam);
    expect(a.rationale.join("\n")).toMatch(/gift-card and reward|survey-for-reward/);
  });

  it("calls a parcel held at customs with a fee a scam (Portuguese)", async () => {
    const raw = message({
      from: '"Correios Rastreamento" <aviso@rastreio-encomendas.top>',
      subject: "Sua encomenda está retida na alfândega",
      body: "Olá, sua encomenda está retida na alfândega. Para liberar, pague a taxa alfandegária de R$ 39,90 em até 48 horas, caso contrário será devolvida. Pagar taxa: https://rastreio-encomendas.top/pagar",
    });
    const a = await analyzeMessage(raw, OFFLINE);
    expect(a.risk).not.toBe("low");
    expect(["scam", "phishing"]).toContain(a.kind);
  });

  it("calls a loan offer and a crypto airdrop scams (Spanish, English)", async () => {
    const loan = await analyzeMessage(
      message({
        from: "<creditos@prestamo-facil.click>",
        subject: "¡Préstamo aprobado! 5.000€ sin aval en 24 horas",
        body: "Su préstamo personal está preaprobado: dinero en 24 horas, sin aval y sin consultar. Solicítelo hoy: https://prestamo-facil.click/solicitar",
      }),
      OFFLINE,
    );
    expect(loan.risk).not.toBe("low");
    expect(loan.kind).toBe("scam");
    const airdrop = await analyzeMessage(
      message({
        from: "<rewards@claim-drop.xyz>",
        subject: "Airdrop live: claim your tokens now",
        body: "The airdrop is live. Connect your wallet and claim your tokens before the distribution ends: https://claim-drop.xyz/connect",
      }),
      OFFLINE,
    );
    expect(airdrop.risk).not.toBe("low");
    expect(airdrop.kind).toBe("scam");
  });

  it("keeps credential phishing as phishing, an executable attachment as malware and a newsletter legitimate", async () => {
    const phish = await analyzeMessage(fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml")), OFFLINE);
    expect(phish.kind).toBe("phishing");
    expect(phish.advice).toMatch(/password/);

    const malware = await analyzeMessage(
      [
        "From: Accounts <accounts@invoices-portal.example>",
        "Subject: Invoice 4471",
        "Date: Wed, 25 Nov 2026 08:00:00 +0000",
        "Message-ID: <1@invoices-portal.example>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "",
        "Please find the invoice attached.",
        "--b",
        'Content-Type: application/octet-stream; name="invoice.pdf.exe"',
        "Content-Transfer-Encoding: base64",
        'Content-Disposition: attachment; filename="invoice.pdf.exe"',
        "",
        Buffer.from("MZ\x90\x00 not really a program").toString("base64"),
        "--b--",
        "",
      ].join("\r\n"),
      OFFLINE,
    );
    expect(malware.kind).toBe("malware");

    const news = await analyzeMessage(
      fs.readFileSync(path.join(FIXTURES, "legit/01-newsletter-substack.eml")),
      OFFLINE,
    );
    expect(news.risk).toBe("low");
    expect(news.kind).toBe("legitimate");
    expect(news.advice).toBe(KIND_ADVICE.legitimate);
  });
});
