import { describe, expect, it } from "vitest";
import { analyzeLanguage, obfuscationSignals } from "./language";
import { collect } from "./test-helpers";

describe("language stage", () => {
  it("reads a credential request with urgency and a generic greeting", () => {
    const c = collect();
    const hits = analyzeLanguage(
      "Dear customer,\nYour account has been suspended. Verify your account within 24 hours to avoid suspension.",
      c.add,
    );
    expect(hits.credential).toBe(true);
    expect(c.ids()).toEqual(expect.arrayContaining(["urgency", "account-threat", "credential", "generic-greeting"]));
  });

  it("reads a callback scam: a claimed charge and a number to call", () => {
    const c = collect();
    analyzeLanguage("Your subscription has been renewed for $399.99. To cancel call +1 (888) 555-0142.", c.add);
    expect(c.ids()).toContain("callback");
  });

  it("finds look-alike letters from other alphabets inside words", () => {
    const c = collect();
    analyzeLanguage("Plеase vеrify your Pаypal account", c.add);
    expect(c.ids()).toContain("mixed-script");
  });

  it("finds nothing in an ordinary note", () => {
    const c = collect();
    const hits = analyzeLanguage("Hi Tom, the minutes from Tuesday are attached. See you Thursday.", c.add);
    expect(c.signals).toEqual([]);
    expect(hits.credential).toBe(false);
  });
});

describe("language stage: real-world wording and Unicode tricks", () => {
  it("does not read 'immediately' alone as urgency", () => {
    const c = collect();
    analyzeLanguage("Thanks, I will send the slides immediately after the call.", c.add);
    expect(c.ids()).not.toContain("urgency");
  });

  it("reads German, Dutch and Portuguese lures", () => {
    const de = collect();
    expect(
      analyzeLanguage("Ihr Konto wurde gesperrt. Bestätigen Sie Ihre Identität innerhalb von 24 Stunden.", de.add)
        .credential,
    ).toBe(true);
    expect(de.ids()).toEqual(expect.arrayContaining(["urgency", "account-threat", "credential"]));
    const nl = collect();
    analyzeLanguage("Gefeliciteerd! U heeft gewonnen. Claim uw prijs en ontvang bitcoin in uw wallet.", nl.add);
    expect(nl.ids()).toEqual(expect.arrayContaining(["prize", "crypto"]));
    const pt = collect();
    analyzeLanguage("Prezado cliente, atualize seus dados para evitar o bloqueio.", pt.add);
    expect(pt.ids()).toEqual(expect.arrayContaining(["credential", "generic-greeting", "urgency"]));
  });

  it("softens a sale's urgency in bulk mail that asks for nothing", () => {
    const c = collect();
    analyzeLanguage("Final reminder: our summer sale ends today, act now!", c.add, { bulk: true });
    expect(c.weight("urgency")).toBe(4);
  });

  it("flags invisible, bidirectional and styled characters and padding in the subject and display name", () => {
    const c = collect();
    obfuscationSignals(
      { subject: "Your acc\u200bount is on hold          .", senderName: "\u202eLapyaP Service" },
      c.add,
    );
    expect(c.ids()).toEqual(["subject-invisible", "subject-padding", "display-name-bidi"]);
    const styled = collect();
    obfuscationSignals({ subject: "𝐔𝐫𝐠𝐞𝐧𝐭: 𝐕𝐞𝐫𝐢𝐟𝐲 𝐧𝐨𝐰", senderName: "Pаypal" }, styled.add);
    expect(styled.ids()).toEqual(["subject-styled", "display-name-mixed-script"]);
  });
});
