import { describe, expect, it } from "vitest";
import { createFormatter, type FormatSettings } from "./format";

// 27 November 2026, 16:05 UTC: 17:05 in Berlin, 11:05 in New York, 01:05 the next day in Tokyo.
const AT = Date.UTC(2026, 10, 27, 16, 5);
const f = (locale: FormatSettings["locale"], timeZone = "UTC") => createFormatter({ locale, timeZone, now: AT });

describe("formatDate", () => {
  it("writes the day in each locale's order", () => {
    expect(f("de").formatDate(AT)).toBe("27.11.2026");
    expect(f("en-US").formatDate(AT)).toBe("11/27/2026");
    expect(f("en-GB").formatDate(AT)).toBe("27/11/2026");
    expect(f("fr").formatDate(AT)).toBe("27/11/2026");
    expect(f("ja").formatDate(AT)).toBe("2026/11/27");
  });

  it("reads an instant in the given zone, and accepts ISO strings and Dates", () => {
    expect(f("de", "Asia/Tokyo").formatDate(new Date(AT).toISOString())).toBe("28.11.2026");
    expect(f("de", "America/New_York").formatDate(new Date(AT))).toBe("27.11.2026");
  });

  it("keeps a calendar date (YYYY-MM-DD) on its day in every zone", () => {
    for (const zone of ["UTC", "Pacific/Honolulu", "Pacific/Kiritimati", "America/Los_Angeles"])
      expect(f("de", zone).formatDate("2026-03-01")).toBe("01.03.2026");
  });

  it("shows what it cannot read as it came, and an unknown zone as UTC", () => {
    expect(f("de").formatDate("not a date")).toBe("not a date");
    expect(f("de").formatDate(Number.NaN)).toBe("");
    expect(f("de", "Mars/Olympus").formatDate(AT)).toBe("27.11.2026");
  });
});

describe("formatDateTime", () => {
  it("gives day, time and the zone's name", () => {
    expect(f("de", "Europe/Berlin").formatDateTime(AT)).toBe("27.11.2026, 17:05 MEZ");
    expect(f("en-US").formatDateTime(AT).replace(/\s/g, " ")).toBe("11/27/2026, 4:05 PM UTC");
    expect(f("en-GB").formatDateTime(AT)).toBe("27/11/2026, 16:05 UTC");
  });
});

describe("formatRelative", () => {
  it("reads against the render's instant", () => {
    expect(f("en-US").formatRelative(AT - 3 * 3_600_000)).toBe("3 hours ago");
    expect(f("de").formatRelative(AT - 3 * 3_600_000)).toBe("vor 3 Stunden");
    expect(f("en-US").formatRelative(AT + 2 * 86_400_000)).toBe("in 2 days");
    expect(f("en-US").formatRelative(AT - 86_400_000)).toBe("yesterday");
    expect(f("en-US").formatRelative(AT)).toBe("now");
  });
});

describe("numbers", () => {
  it("groups and separates decimals per locale", () => {
    expect(f("de").formatNumber(1234.5)).toBe("1.234,5");
    expect(f("en-US").formatNumber(1234.5)).toBe("1,234.5");
    expect(f("en-US").formatNumber(1234567)).toBe("1,234,567");
    expect(f("fr").formatNumber(1234.5).replace(/\s/g, " ")).toBe("1 234,5");
  });

  it("writes shares as percentages", () => {
    expect(f("en-US").formatPercent(0.42)).toBe("42%");
    expect(f("de").formatPercent(0.425, 1).replace(/\s/g, " ")).toBe("42,5 %");
  });

  it("writes sizes in SI units", () => {
    expect(f("en-US").formatBytes(999)).toBe("999 byte");
    expect(f("en-US").formatBytes(1500)).toBe("1.5 kB");
    expect(f("de").formatBytes(1_500_000)).toBe("1,5 MB");
    expect(f("en-US").formatBytes(12_000_000_000)).toBe("12 GB");
  });
});
