// Due-date arithmetic for every jurisdiction: month ends, leap years, extensions and their limits, time zones.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  daysUntil,
  deadlineState,
  dueDateFor,
  extensionProblem,
  extensionsLeft,
  isCalendarDate,
  isTimeZone,
  JURISDICTION_LIST,
  lastMonths,
  todayIn,
} from "./deadlines";

describe("GDPR and UK GDPR: one month from receipt", () => {
  for (const j of ["gdpr", "uk-gdpr"] as const) {
    it(`${j}: the same day of the next month`, () => {
      expect(dueDateFor(j, "2026-01-15")).toBe("2026-02-15");
      expect(dueDateFor(j, "2026-09-03")).toBe("2026-10-03");
      expect(dueDateFor(j, "2026-12-31")).toBe("2027-01-31");
    });

    it(`${j}: the month's last day when the next month has no such day`, () => {
      expect(dueDateFor(j, "2026-01-31")).toBe("2026-02-28");
      expect(dueDateFor(j, "2026-01-29")).toBe("2026-02-28");
      expect(dueDateFor(j, "2026-03-31")).toBe("2026-04-30");
      expect(dueDateFor(j, "2026-05-31")).toBe("2026-06-30");
      expect(dueDateFor(j, "2026-08-31")).toBe("2026-09-30");
    });

    it(`${j}: leap years give 29 February`, () => {
      expect(dueDateFor(j, "2024-01-31")).toBe("2024-02-29");
      expect(dueDateFor(j, "2028-01-29")).toBe("2028-02-29");
      expect(dueDateFor(j, "2028-01-30")).toBe("2028-02-29");
      // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
      expect(dueDateFor(j, "2100-01-31")).toBe("2100-02-28");
      expect(dueDateFor(j, "2000-01-31")).toBe("2000-02-29");
    });

    it(`${j}: extended by two further months, counted from receipt`, () => {
      expect(dueDateFor(j, "2026-09-03", 1)).toBe("2026-12-03");
      expect(dueDateFor(j, "2026-01-31", 1)).toBe("2026-04-30");
      expect(dueDateFor(j, "2026-11-30", 1)).toBe("2027-02-28");
      expect(dueDateFor(j, "2027-11-30", 1)).toBe("2028-02-29");
      expect(extensionsLeft(j, 0)).toBe(1);
      expect(extensionsLeft(j, 1)).toBe(0);
      expect(() => dueDateFor(j, "2026-01-31", 2)).toThrow(RangeError);
    });
  }

  it("property: always next month, same day or that month's last day", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1990-01-01"), max: new Date("2200-12-31"), noInvalidDate: true }), (d) => {
        const date = d.toISOString().slice(0, 10);
        const due = dueDateFor("gdpr", date);
        const [y, m, day] = date.split("-").map(Number);
        const ny = m === 12 ? y + 1 : y;
        const nm = m === 12 ? 1 : m + 1;
        const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
        const expected = `${ny}-${String(nm).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
        expect(due).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe("CCPA/CPRA: 45 calendar days, extendable once by 45", () => {
  it("adds 45 days across month and year ends", () => {
    expect(dueDateFor("ccpa", "2026-01-01")).toBe("2026-02-15");
    expect(dueDateFor("ccpa", "2026-12-01")).toBe("2027-01-15");
    expect(dueDateFor("ccpa", "2026-11-25")).toBe("2027-01-09");
  });
  it("counts 29 February in leap years", () => {
    expect(dueDateFor("ccpa", "2024-02-01")).toBe("2024-03-17");
    expect(dueDateFor("ccpa", "2025-02-01")).toBe("2025-03-18");
  });
  it("one extension of 45 days: 90 days in all, and no second", () => {
    expect(dueDateFor("ccpa", "2026-01-01", 1)).toBe("2026-04-01");
    expect(extensionsLeft("ccpa", 1)).toBe(0);
    expect(() => dueDateFor("ccpa", "2026-01-01", 2)).toThrow(RangeError);
  });
});

describe("LGPD: 15 days, no extension", () => {
  it("adds 15 days", () => {
    expect(dueDateFor("lgpd", "2026-12-20")).toBe("2027-01-04");
    expect(dueDateFor("lgpd", "2028-02-20")).toBe("2028-03-06");
  });
  it("cannot be extended", () => {
    expect(extensionsLeft("lgpd", 0)).toBe(0);
    expect(() => dueDateFor("lgpd", "2026-12-20", 1)).toThrow(RangeError);
    expect(
      extensionProblem({
        jurisdiction: "lgpd",
        used: 0,
        requestedAt: "2026-12-20",
        currentDueDate: "2027-01-04",
        notifiedAt: "2026-12-21",
        today: "2026-12-22",
      }),
    ).toBe("LGPD does not allow extending the deadline.");
  });
});

describe("PIPEDA: 30 days, extendable by 30", () => {
  it("adds 30 days, 60 with the extension", () => {
    expect(dueDateFor("pipeda", "2026-02-01")).toBe("2026-03-03");
    expect(dueDateFor("pipeda", "2024-02-01")).toBe("2024-03-02");
    expect(dueDateFor("pipeda", "2026-02-01", 1)).toBe("2026-04-02");
    expect(extensionsLeft("pipeda", 1)).toBe(0);
  });
});

describe("custom policy", () => {
  it("uses the tenant's days and its single extension", () => {
    expect(dueDateFor("custom", "2026-01-25", 0, { days: 10, extensionDays: 5 })).toBe("2026-02-04");
    expect(dueDateFor("custom", "2026-01-25", 1, { days: 10, extensionDays: 5 })).toBe("2026-02-09");
    expect(extensionsLeft("custom", 0, { days: 10, extensionDays: 5 })).toBe(1);
    expect(extensionsLeft("custom", 0, { days: 10, extensionDays: 0 })).toBe(0);
    expect(() => dueDateFor("custom", "2026-01-25", 1, { days: 10, extensionDays: 0 })).toThrow(RangeError);
  });
});

describe("extension rules", () => {
  const base = {
    jurisdiction: "gdpr" as const,
    used: 0,
    requestedAt: "2026-01-10",
    currentDueDate: "2026-02-10",
    today: "2026-01-20",
  };
  it("accepts notice given within the current period", () => {
    expect(extensionProblem({ ...base, notifiedAt: "2026-01-20" })).toBeNull();
    expect(extensionProblem({ ...base, notifiedAt: "2026-01-10" })).toBeNull();
  });
  it("refuses notice before receipt, in the future, or after the period, and a second extension", () => {
    expect(extensionProblem({ ...base, notifiedAt: "2026-01-09" })).toMatch(/before the request arrived/);
    expect(extensionProblem({ ...base, notifiedAt: "2026-01-21" })).toMatch(/cannot be in the future/);
    expect(extensionProblem({ ...base, today: "2026-02-20", notifiedAt: "2026-02-11" })).toMatch(
      /within the current period \(by 2026-02-10\)/,
    );
    expect(extensionProblem({ ...base, notifiedAt: "2026-02-30" })).toMatch(/YYYY-MM-DD/);
    expect(extensionProblem({ ...base, used: 1, notifiedAt: "2026-01-20" })).toBe(
      "GDPR allows one extension, already used.",
    );
  });
});

describe("time zones", () => {
  it("today is the tenant's calendar day", () => {
    const noonUtc = Date.UTC(2026, 0, 30, 12, 0);
    expect(todayIn("UTC", noonUtc)).toBe("2026-01-30");
    expect(todayIn("Pacific/Auckland", noonUtc)).toBe("2026-01-31");
    expect(todayIn("America/Los_Angeles", Date.UTC(2026, 0, 31, 5, 0))).toBe("2026-01-30");
    // Across a daylight-saving change (London moves to BST at 01:00 UTC on 29 March 2026).
    expect(todayIn("Europe/London", Date.UTC(2026, 2, 28, 23, 30))).toBe("2026-03-28");
    expect(todayIn("Europe/London", Date.UTC(2026, 9, 24, 23, 30))).toBe("2026-10-25");
  });
  it("a request received late on 31 January in Los Angeles is due on 28 February, not 2 March", () => {
    const at = Date.UTC(2026, 1, 1, 6, 0); // 1 February 06:00 UTC = 31 January 22:00 in Los Angeles
    expect(dueDateFor("gdpr", todayIn("America/Los_Angeles", at))).toBe("2026-02-28");
    expect(dueDateFor("gdpr", todayIn("UTC", at))).toBe("2026-03-01");
  });
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("deadline states and dates", () => {
  it("due within 7 days, due today, overdue", () => {
    expect(daysUntil("2026-02-28", "2026-02-20")).toBe(8);
    expect(deadlineState("2026-02-28", "2026-02-20")).toBe("on-track");
    expect(deadlineState("2026-02-28", "2026-02-21")).toBe("due-soon");
    expect(deadlineState("2026-02-28", "2026-02-28")).toBe("due-soon");
    expect(deadlineState("2026-02-28", "2026-03-01")).toBe("overdue");
    expect(daysUntil("2024-03-01", "2024-02-28")).toBe(2);
  });
  it("accepts real calendar dates only", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-1")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("20260101")).toBe(false);
  });
  it("lists the last months for the chart", () => {
    expect(lastMonths("2026-02-15", 3)).toEqual(["2025-12", "2026-01", "2026-02"]);
  });
  it("cites a legal source for every law in the table", () => {
    for (const j of JURISDICTION_LIST) expect(j.source.length, j.id).toBeGreaterThan(10);
    expect(JURISDICTION_LIST.map((j) => j.id)).toEqual(["gdpr", "uk-gdpr", "ccpa", "lgpd", "pipeda", "custom"]);
  });
});
