import { describe, expect, it } from "vitest";
import { analyzeLanguage } from "./language";
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
