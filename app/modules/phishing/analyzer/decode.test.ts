// Issue 29: headers with raw 8-bit bytes (RFC 6532) and bodies with a missing or wrong charset. Every message
// here is built as bytes (Buffer), so the analyzer meets what a mail server would hand it.
import { describe, expect, it } from "vitest";
import { analyzeMessage } from "../analyze.server";
import { decodeBytes, repairMojibake } from "./decode";
import { parseMessage } from "./parse.server";

const utf8 = (s: string) => Buffer.from(s, "utf8");
const latin1 = (s: string) => Buffer.from(s, "latin1");
const crlf = (lines: string[]) => lines.join("\r\n");
const OFFLINE = {
  orgDomains: ["rampart-test.example"],
  resolver: async (): Promise<never> => {
    throw Object.assign(new Error("offline"), { code: "ETIMEOUT" });
  },
  dnsBudgetMs: 50,
  now: new Date("2026-11-25T10:00:00Z"),
};

describe("decoding (issue 29)", () => {
  it("reads raw UTF-8 headers as UTF-8 even when the body declares Latin-1 (German)", async () => {
    const raw = utf8(
      crlf([
        'From: "Kundenservice Müller" <service@example.de>',
        "Subject: Bestätigen Sie Ihr Konto – 100€ Gutschein",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=iso-8859-1",
        "",
        "Hallo",
      ]),
    );
    const m = await parseMessage(raw);
    expect(m.subject).toBe("Bestätigen Sie Ihr Konto – 100€ Gutschein");
    expect(m.senderName).toBe("Kundenservice Müller");
  });

  it("reads raw Latin-1 headers by the declared charset, then Latin-1, never as U+FFFD (Portuguese, Spanish)", async () => {
    const declared = latin1(
      crlf([
        'From: "Jos\xe9 Concei\xe7\xe3o" <premios@example.pt>',
        "Subject: Parab\xe9ns! Voc\xea ganhou um pr\xeamio",
        "Content-Type: text/plain; charset=iso-8859-1",
        "",
        "Resgate seu pr\xeamio",
      ]),
    );
    const m1 = await parseMessage(declared);
    expect(m1.subject).toBe("Parabéns! Você ganhou um prêmio");
    expect(m1.senderName).toBe("José Conceição");
    expect(m1.bodyText).toBe("Resgate seu prêmio");

    const undeclared = latin1(
      crlf(["From: ofertas@example.es", "Subject: \xa1Enhorabuena! Ha sido seleccionado", "", "Se\xf1or"]),
    );
    const m2 = await parseMessage(undeclared);
    expect(m2.subject).toBe("¡Enhorabuena! Ha sido seleccionado");
    expect(m2.bodyText).toBe("Señor");
  });

  it("decodes a body whose declared charset is wrong or missing: UTF-8 bytes first (French, quoted-printable and base64)", async () => {
    const qpLabelledLatin1 = utf8(
      crlf([
        "From: a@example.fr",
        "Subject: x",
        "Content-Type: text/plain; charset=iso-8859-1",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "F=C3=A9licitations, votre r=C3=A9compense de 100=E2=82=AC vous attend",
      ]),
    );
    expect((await parseMessage(qpLabelledLatin1)).bodyText).toBe("Félicitations, votre récompense de 100€ vous attend");

    const b64Html = utf8(
      crlf([
        "From: a@example.fr",
        "Subject: x",
        "MIME-Version: 1.0",
        'Content-Type: multipart/alternative; boundary="b"',
        "",
        "--b",
        "Content-Type: text/html; charset=windows-1252",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("<p>Réclamez votre cadeau gratuit</p>").toString("base64"),
        "--b--",
      ]),
    );
    expect((await parseMessage(b64Html)).bodyText).toBe("Réclamez votre cadeau gratuit");

    const latin1LabelledUtf8 = Buffer.concat([
      utf8(crlf(["From: a@example.fr", "Subject: x", "Content-Type: text/plain; charset=utf-8", "", ""])),
      latin1("Vous avez gagn\xe9 un tirage au sort"),
    ]);
    expect((await parseMessage(latin1LabelledUtf8)).bodyText).toBe("Vous avez gagné un tirage au sort");
  });

  it("keeps the declared charset when the bytes are not UTF-8 (Polish in ISO-8859-2, Japanese in ISO-2022-JP)", async () => {
    const polish = latin1(
      crlf([
        "From: a@example.pl",
        "Subject: x",
        "Content-Type: text/plain; charset=iso-8859-2",
        "",
        "Zap\xb3a\xe6 teraz",
      ]),
    );
    expect((await parseMessage(polish)).bodyText).toBe("Zapłać teraz");
    // 7-bit escapes: valid ASCII, but only the label can read them.
    expect(decodeBytes(Buffer.from("\x1b$B$3$s$K$A$O\x1b(B", "latin1"), "iso-2022-jp")).toBe("こんにちは");
  });

  it("repairs an encoded-word that labels UTF-8 bytes as Latin-1", async () => {
    const raw = utf8(
      crlf(["From: =?iso-8859-1?Q?Z=C3=B6e?= <a@example.de>", "Subject: =?iso-8859-1?Q?Best=C3=A4tigen?=", "", "x"]),
    );
    const m = await parseMessage(raw);
    expect(m.subject).toBe("Bestätigen");
    expect(m.senderName).toBe("Zöe");
    // Genuine Latin-1 text is left alone.
    expect(repairMojibake("Crème brûlée")).toBe("Crème brûlée");
  });

  it("lets the wording cues see German and French words that came as raw 8-bit headers", async () => {
    const raw = latin1(
      crlf([
        "From: Gewinnspiel <info@gewinn-aktion.example>",
        "Subject: Herzlichen Gl\xfcckwunsch, Sie haben gewonnen! Ihr Gewinn: 500\x80",
        "Message-ID: <1@gewinn-aktion.example>",
        "Date: Wed, 25 Nov 2026 09:00:00 +0000",
        "",
        "Gewinn abholen: https://gewinn-aktion.example/abholen",
      ]),
    );
    const a = await analyzeMessage(raw, OFFLINE);
    expect(a.subject).toBe("Herzlichen Glückwunsch, Sie haben gewonnen! Ihr Gewinn: 500€");
    expect(a.rationale.join("\n")).toMatch(/gluckwunsch|gewonnen/i);
  });
});
