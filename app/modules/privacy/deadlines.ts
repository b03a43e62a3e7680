/**
 * When a data subject request must be answered: one table of the laws'
 * response periods and extensions, with the legal source of each, and the
 * calendar arithmetic on it. Pure and isomorphic (the page shows the table).
 *
 * Dates are calendar dates (YYYY-MM-DD) in the tenant's time zone: "today" is
 * the tenant's today, and the periods are added to the day of receipt with
 * date-fns on a UTC-pinned TZDate, so the server's own zone never shifts them.
 *
 * - Months (GDPR, UK GDPR): "one month of receipt" runs to the same day of the
 *   next month, or that month's last day when it has no such day (31 January
 *   -> 28 or 29 February), as the ICO's guidance on calculating time limits
 *   reads Art. 12(3); date-fns addMonths clamps exactly so. The extension "by
 *   two further months" makes the period three months from receipt.
 * - Days (CCPA, LGPD, PIPEDA, custom): calendar days after the day of receipt.
 * - Notice of an extension must reach the subject within the period being
 *   extended (Art. 12(3); Cal. Civ. Code 1798.130(a)(2); PIPEDA s. 8(4)), and
 *   each law allows a fixed number of extensions (LGPD none).
 * Not modelled: the next-working-day rule some authorities apply when a
 * deadline falls on a weekend or holiday (the date shown is never later than
 * the law's).
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, differenceInCalendarDays, format, isValid, parse } from "date-fns";

export const JURISDICTION_IDS = ["gdpr", "uk-gdpr", "ccpa", "lgpd", "pipeda", "custom"] as const;
export type JurisdictionId = (typeof JURISDICTION_IDS)[number];

export type Period = { unit: "months" | "days"; amount: number };

export type Jurisdiction = {
  id: JurisdictionId;
  label: string;
  /** Where it applies, in a few words. */
  region: string;
  period: Period;
  /** null: the law allows no extension. */
  extension: (Period & { max: number }) | null;
  source: string;
  sourceUrl: string | null;
  /** What the source says, in one sentence. */
  rule: string;
};

/** The one table of response periods. The custom row's days come from the tenant's settings. */
export const JURISDICTIONS: Record<JurisdictionId, Jurisdiction> = {
  gdpr: {
    id: "gdpr",
    label: "GDPR",
    region: "European Union / EEA",
    period: { unit: "months", amount: 1 },
    extension: { unit: "months", amount: 2, max: 1 },
    source: "Regulation (EU) 2016/679 (GDPR), Art. 12(3)",
    sourceUrl: "https://eur-lex.europa.eu/eli/reg/2016/679/oj",
    rule: "Answer without undue delay and within one month of receipt; extendable by two further months where necessary, telling the subject within the first month.",
  },
  "uk-gdpr": {
    id: "uk-gdpr",
    label: "UK GDPR",
    region: "United Kingdom",
    period: { unit: "months", amount: 1 },
    extension: { unit: "months", amount: 2, max: 1 },
    source: "UK GDPR, Art. 12(3) (retained Regulation (EU) 2016/679, with the Data Protection Act 2018)",
    sourceUrl: "https://www.legislation.gov.uk/eur/2016/679/article/12",
    rule: "One month of receipt, to the same day of the next month or that month's last day; extendable by two further months with notice within the first month.",
  },
  ccpa: {
    id: "ccpa",
    label: "CCPA / CPRA",
    region: "California, United States",
    period: { unit: "days", amount: 45 },
    extension: { unit: "days", amount: 45, max: 1 },
    source: "Cal. Civ. Code § 1798.130(a)(2)",
    sourceUrl: "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1798.130",
    rule: "Answer within 45 calendar days of receiving the request; extendable once by an additional 45 days when reasonably necessary, with notice within the first 45 days.",
  },
  lgpd: {
    id: "lgpd",
    label: "LGPD",
    region: "Brazil",
    period: { unit: "days", amount: 15 },
    extension: null,
    source: "Lei nº 13.709/2018 (LGPD), Art. 19, II",
    sourceUrl: "https://www.planalto.gov.br/ccivil_03/_ato2015-2018/2018/lei/l13709.htm",
    rule: "A complete answer within 15 days of the subject's request; no extension.",
  },
  pipeda: {
    id: "pipeda",
    label: "PIPEDA",
    region: "Canada",
    period: { unit: "days", amount: 30 },
    extension: { unit: "days", amount: 30, max: 1 },
    source: "PIPEDA, S.C. 2000, c. 5, Schedule 1 and s. 8(3)-(4)",
    sourceUrl: "https://laws-lois.justice.gc.ca/eng/acts/P-8.6/section-8.html",
    rule: "Answer within 30 days after receipt; extendable for a maximum of 30 further days, with notice within the first 30 days.",
  },
  custom: {
    id: "custom",
    label: "Custom policy",
    region: "Your organization's own policy",
    period: { unit: "days", amount: 30 },
    extension: null,
    source: "Your organization's policy (set under Settings on this page)",
    sourceUrl: null,
    rule: "The number of days your organization sets, with an optional single extension.",
  },
};

export const JURISDICTION_LIST: Jurisdiction[] = JURISDICTION_IDS.map((id) => JURISDICTIONS[id]);

/** A tenant's custom policy: days to answer, and the days of its single extension (0: none). */
export type CustomPolicy = { days: number; extensionDays: number };

export const DEFAULT_CUSTOM_POLICY: CustomPolicy = { days: 30, extensionDays: 0 };
export const CUSTOM_DAYS_MAX = 365;

/** The jurisdiction's rules with the custom policy filled in. */
export function rulesFor(id: JurisdictionId, custom: CustomPolicy = DEFAULT_CUSTOM_POLICY): Jurisdiction {
  const j = JURISDICTIONS[id];
  if (id !== "custom") return j;
  return {
    ...j,
    period: { unit: "days", amount: custom.days },
    extension: custom.extensionDays > 0 ? { unit: "days", amount: custom.extensionDays, max: 1 } : null,
  };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD string that names a real calendar day (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = parse(value, "yyyy-MM-dd", new TZDate(2000, 0, 1, "UTC"));
  return isValid(d) && format(d, "yyyy-MM-dd") === value;
}

function toDate(value: string): TZDate {
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const [y, m, d] = value.split("-").map(Number);
  return new TZDate(y, m - 1, d, "UTC");
}

const fmt = (d: Date) => format(d, "yyyy-MM-dd");

export function addPeriod(date: string, period: Period): string {
  const d = toDate(date);
  return fmt(period.unit === "months" ? addMonths(d, period.amount) : addDays(d, period.amount));
}

/**
 * The due date after `extensions` extensions. Months are counted from receipt
 * as one period (1 + 2 = 3 months), so 31 January extended is 30 April, not
 * 28 April; days simply add.
 */
export function dueDateFor(
  jurisdiction: JurisdictionId,
  requestedAt: string,
  extensions = 0,
  custom: CustomPolicy = DEFAULT_CUSTOM_POLICY,
): string {
  const rules = rulesFor(jurisdiction, custom);
  if (extensions > 0 && (!rules.extension || extensions > rules.extension.max)) {
    throw new RangeError(`${rules.label} allows ${rules.extension?.max ?? 0} extension(s)`);
  }
  const ext = rules.extension;
  const amount = rules.period.amount + (ext ? ext.amount * extensions : 0);
  // Mixed units do not occur in the table; both are the same unit per law.
  return addPeriod(requestedAt, { unit: rules.period.unit, amount });
}

/** How many more extensions the law allows after `used`. */
export function extensionsLeft(
  jurisdiction: JurisdictionId,
  used: number,
  custom: CustomPolicy = DEFAULT_CUSTOM_POLICY,
): number {
  const ext = rulesFor(jurisdiction, custom).extension;
  return ext ? Math.max(0, ext.max - used) : 0;
}

/** Why an extension cannot be recorded, or null when it can. */
export function extensionProblem(input: {
  jurisdiction: JurisdictionId;
  used: number;
  requestedAt: string;
  currentDueDate: string;
  notifiedAt: string;
  today: string;
  custom?: CustomPolicy;
}): string | null {
  const rules = rulesFor(input.jurisdiction, input.custom);
  if (!rules.extension) return `${rules.label} does not allow extending the deadline.`;
  if (input.used >= rules.extension.max)
    return `${rules.label} allows ${rules.extension.max === 1 ? "one extension" : `${rules.extension.max} extensions`}, already used.`;
  if (!isCalendarDate(input.notifiedAt)) return "Enter the date the subject was told, as YYYY-MM-DD.";
  if (input.notifiedAt < input.requestedAt) return "The subject cannot have been told before the request arrived.";
  if (input.notifiedAt > input.today) return "The date the subject was told cannot be in the future.";
  if (input.notifiedAt > input.currentDueDate)
    return `The subject must be told within the current period (by ${input.currentDueDate}).`;
  return null;
}

/** Today's calendar date in a time zone. */
export function todayIn(timeZone: string, now: number | Date = Date.now()): string {
  return fmt(new TZDate(typeof now === "number" ? now : now.getTime(), timeZone));
}

/** Calendar days from `today` to `due`: 0 on the due date, negative once overdue. */
export function daysUntil(due: string, today: string): number {
  return differenceInCalendarDays(toDate(due), toDate(today));
}

export const DUE_SOON_DAYS = 7;

export type DeadlineState = "overdue" | "due-soon" | "on-track";

export function deadlineState(due: string, today: string): DeadlineState {
  const left = daysUntil(due, today);
  if (left < 0) return "overdue";
  if (left <= DUE_SOON_DAYS) return "due-soon";
  return "on-track";
}

let zones: Set<string> | null = null;
/** Every IANA zone this runtime knows, with UTC first. */
export function timeZones(): string[] {
  const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...list.filter((z) => z !== "UTC")];
}

export function isTimeZone(value: string): boolean {
  if (!zones) zones = new Set(timeZones());
  return zones.has(value);
}

/** "2026-11" for the month a date falls in. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The last `count` months ending with `today`'s, oldest first, as YYYY-MM. */
export function lastMonths(today: string, count: number): string[] {
  const d = toDate(`${monthOf(today)}-01`);
  return Array.from({ length: count }, (_, i) => format(addMonths(d, i - count + 1), "yyyy-MM"));
}

export function monthLabel(month: string): string {
  return format(toDate(`${month}-01`), "MMM yyyy");
}
