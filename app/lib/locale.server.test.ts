import { describe, expect, it } from "vitest";
import { negotiateLocale, parseAcceptLanguage } from "./locale.server";

describe("negotiateLocale", () => {
  it("takes real browsers' headers", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("de"); // Chrome, German
    expect(negotiateLocale("en-US,en;q=0.5")).toBe("en-US"); // Firefox, US
    expect(negotiateLocale("en-GB,en;q=0.9")).toBe("en-GB");
    expect(negotiateLocale("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toBe("fr"); // MDN's example
    expect(negotiateLocale("ja")).toBe("ja");
    expect(negotiateLocale("nl-BE,nl;q=0.9")).toBe("nl");
    expect(negotiateLocale("es-419,es;q=0.9")).toBe("es");
  });

  it("orders by q-value, not by position", () => {
    expect(negotiateLocale("en-US;q=0.3, de;q=0.8")).toBe("de");
    expect(negotiateLocale("de;q=0.5, en-GB")).toBe("en-GB");
    // A refused language (q=0) is never chosen.
    expect(negotiateLocale("de;q=0, nl;q=0.1")).toBe("nl");
  });

  it("skips what it does not support for the next acceptable language", () => {
    expect(negotiateLocale("zh-CN,zh;q=0.9,de;q=0.8")).toBe("de");
    expect(negotiateLocale("pt-BR")).toBe("en-US");
  });

  it("writes English outside the US day first", () => {
    expect(negotiateLocale("en-AU,en;q=0.9")).toBe("en-GB");
    expect(negotiateLocale("en")).toBe("en-US");
    expect(negotiateLocale("EN-gb")).toBe("en-GB");
  });

  it("falls back to en-US on a missing or malformed header", () => {
    expect(negotiateLocale(null)).toBe("en-US");
    expect(negotiateLocale("")).toBe("en-US");
    expect(negotiateLocale("*")).toBe("en-US");
    expect(negotiateLocale(";;;,,,q=1")).toBe("en-US");
    expect(negotiateLocale("de;q=abc")).toBe("en-US");
    expect(negotiateLocale("de;q=1.5")).toBe("en-US");
    expect(negotiateLocale("<script>")).toBe("en-US");
    expect(negotiateLocale("de," + "x".repeat(5000))).toBe("en-US");
  });

  it("parses weights and keeps the header's order among equals", () => {
    expect(parseAcceptLanguage("a;q=0.5, b, c;q=0.5, d;Q=0.9")).toEqual(["b", "d", "a", "c"]);
  });
});
