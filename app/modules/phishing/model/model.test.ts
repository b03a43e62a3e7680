// The text model's features and scorer: what a reader of the rationale relies on.
import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractFeatures, scoreTextModel, TEXT_MODEL_LIMITS } from "./index";

const none = { subject: "", text: "", urls: [] as string[] };

describe("extractFeatures", () => {
  it("normalises with NFKC, lower-cases, and keeps accented and non-Latin words whole", () => {
    const f = extractFeatures({
      ...none,
      subject: "ＶＥＲＩＦＩＣＡＲ Atualização",
      text: "Überweisung bestätigen Пароль",
    });
    expect(f.has("s:verificar")).toBe(true);
    expect(f.has("atualização")).toBe(true);
    expect(f.has("überweisung")).toBe(true);
    expect(f.has("bestätigen")).toBe(true);
    expect(f.has("пароль")).toBe(true);
  });

  it("flags invisible padding in the subject and reads the words it splits", () => {
    const f = extractFeatures({ ...none, subject: "Ve\u200bri\u200cfy your acc\u2060ount" });
    expect(f.has("f:subject-invisible")).toBe(true);
    expect(f.has("s:verify")).toBe(true);
    expect(f.has("s:account")).toBe(true);
  });

  it("flags a word mixing Latin and Cyrillic letters", () => {
    expect(extractFeatures({ ...none, subject: "Your Аpple ID" }).has("f:mixed-script-word")).toBe(true);
    expect(extractFeatures({ ...none, subject: "Your Apple ID" }).has("f:mixed-script-word")).toBe(false);
  });

  it("reads link hosts and paths: IP literal, shortener, punycode, free hosting, TLD, path words", () => {
    const f = extractFeatures({
      ...none,
      text: "Go to http://185.12.4.9/secure/login.php now",
      urls: [
        "https://bit.ly/abc",
        "https://xn--pypal-4ve.com/x",
        "https://acme-login.web.app/verify",
        "https://shop.example.top/",
      ],
    });
    for (const k of [
      "u:ip",
      "u:http",
      "u:p:login",
      "u:p:secure",
      "u:script-page",
      "u:shortener",
      "u:punycode",
      "u:free-host",
      "u:tld:top",
      "u:p:verify",
      "u:many-hosts",
    ])
      expect(f.has(k), k).toBe(true);
    // The URL's characters are link features, not words of the text.
    expect(f.has("185")).toBe(false);
    expect(f.has("now")).toBe(true);
  });

  it("says when there are no links, and does not mistake a scheme-less www link for plain http", () => {
    expect(extractFeatures({ ...none, text: "See you at lunch" }).has("u:none")).toBe(true);
    const f = extractFeatures({ ...none, text: "details at www.example.org/page" });
    expect(f.has("u:tld:org")).toBe(true);
    expect(f.has("u:http")).toBe(false);
  });

  it("ignores input beyond its caps, so a huge message costs no more than a capped one", () => {
    const huge = "please read the attached statement ".repeat(70_000) + " zzzendmarker";
    const f = extractFeatures({
      subject: "x".repeat(10_000),
      text: huge,
      urls: Array(10_000).fill("https://a.example/"),
    });
    expect(f.has("zzzendmarker")).toBe(false);
    expect(TEXT_MODEL_LIMITS.text).toBeLessThan(huge.length);
  });
});

describe("scoreTextModel", () => {
  it("ships a model file under 2 MB", () => {
    expect(statSync(path.join(__dirname, "model.json")).size).toBeLessThan(2 * 1024 * 1024);
  });

  it("rates multilingual lures high and everyday mail low, naming the tokens that decided", () => {
    const lures = [
      {
        subject: "Uw rekening wordt geblokkeerd",
        text: "Beste klant, bevestig uw gegevens binnen 24 uur via https://bit.ly/3kXa9 om blokkering te voorkomen.",
        urls: [],
      },
      {
        subject: "Atualize seus dados cadastrais",
        text: "Prezado cliente, seu acesso será bloqueado. Confirme seus dados: http://45.33.12.9/banco/login.php",
        urls: [],
      },
      {
        subject: "Ihr Konto wurde eingeschränkt",
        text: "Bestätigen Sie Ihre Identität, sonst wird Ihr Konto gesperrt: https://konto-sicherheit.top/verify",
        urls: [],
      },
      {
        subject: "Verify your account immediately",
        text: "Dear customer, your account has been suspended. Confirm your password here: https://secure-login.xyz/account/verify",
        urls: [],
      },
    ];
    for (const l of lures) {
      const r = scoreTextModel(l);
      expect(r.probability, l.subject).toBeGreaterThan(0.7);
      expect(r.topTokens.length).toBeGreaterThan(0);
      expect(r.topTokens.length).toBeLessThanOrEqual(6);
      expect(r.topTokens.every((t) => t.weight > 0)).toBe(true);
    }
    const everyday = [
      {
        subject: "Re: notes from the planning meeting",
        text: "Thanks, I moved the review to Thursday and added the budget numbers to the shared sheet.",
        urls: [],
      },
      {
        subject: "[dev] Patch for the build script",
        text: "This patch fixes the build on FreeBSD. Tested with clang 17. Comments welcome on the list.",
        urls: ["https://lists.example.org/archives/dev/2026-May/000123.html"],
      },
    ];
    for (const e of everyday) expect(scoreTextModel(e).probability, e.subject).toBeLessThan(0.3);
  });

  it("is deterministic and never returns NaN for empty or odd input", () => {
    const a = scoreTextModel({ subject: "Hello", text: "World", urls: [] });
    const b = scoreTextModel({ subject: "Hello", text: "World", urls: [] });
    expect(a).toEqual(b);
    for (const input of [
      none,
      { subject: "\u200b\u200b", text: "\u0000\uffff", urls: ["not a url", "javascript:alert(1)"] },
    ]) {
      const r = scoreTextModel(input);
      expect(Number.isFinite(r.probability)).toBe(true);
      expect(r.probability).toBeGreaterThanOrEqual(0);
      expect(r.probability).toBeLessThanOrEqual(1);
    }
  });
});
