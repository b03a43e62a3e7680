import { describe, expect, it } from "vitest";
import { cueWords, fold, matchCues } from "./cues";

const cues = (s: string) => matchCues(cueWords(s));

describe("multilingual cues (data/cues.json)", () => {
  it("reads the same lure in seven languages", () => {
    expect(cues("Please verify your account within 24 hours").credential).toEqual(["verify your account"]);
    expect(cues("Por favor, verifique su cuenta en las próximas 24 horas").credential).toEqual(["verifique su cuenta"]);
    expect(cues("Atualize seus dados cadastrais: sua conta foi bloqueada").suspension).toEqual(["conta foi bloqueada"]);
    expect(cues("Vérifiez votre compte sous 24 heures").urgencyStrong).toEqual(["sous 24 heures"]);
    expect(cues("Ihr Konto wurde gesperrt. Bestätigen Sie Ihre Identität").credential).toEqual([
      "bestatigen sie ihre identitat",
    ]);
    expect(cues("Il tuo account è stato sospeso: verifica il tuo account").credential).toEqual([
      "verifica il tuo account",
    ]);
    expect(cues("Gefeliciteerd, u heeft gewonnen! Claim uw prijs").prize).toEqual([
      "gefeliciteerd",
      "u heeft gewonnen",
      "claim uw prijs",
    ]);
  });

  it("folds styled letters, invisible characters and look-alike letters before matching", () => {
    expect(fold("𝐕𝐞𝐫𝐢𝐟𝐲 ｙｏｕｒ a\u200bccount")).toBe("verify your account");
    expect(cues("Vеrify yоur account").credential).toEqual(["verify your account"]); // Cyrillic е and о
  });

  it("counts a weak urgency word on its own as weak only", () => {
    const h = cues("Please reply immediately if the meeting room is free.");
    expect(h.urgencyWeak).toEqual(["immediately"]);
    expect(h.urgencyStrong).toEqual([]);
  });

  it("matches prefixes and single-word gaps", () => {
    expect(cues("Your gift cards are ready").payment).toEqual(["gift cards"]);
    expect(cues("your account was suspended yesterday").suspension).toContain("account was suspended");
  });
});
