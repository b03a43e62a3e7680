/**
 * Every date and number a page shows is formatted here, with Intl, in one locale and one time zone per render.
 *
 * Why one module: pages used to format ad hoc (toLocaleString("en"), hand-made "27 Nov 2026", ISO slices), so one
 * date read three ways across the product, and some read in the server's locale. Why locale and time zone are
 * arguments, never read from the runtime: the server renders and the browser hydrates the same text only when both
 * format with the same values; the root loader resolves them once (app/lib/locale.server.ts) and pages read them
 * through useFormat() (app/lib/format-context.tsx).
 *
 * APIs never use this: JSON keeps ISO 8601.
 */

/** The locales Rampart formats for (Accept-Language is negotiated against this list); the first is the fallback. */
export const SUPPORTED_LOCALES = ["en-US", "en-GB", "de", "fr", "es", "nl", "ja"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = "en-US";

export type FormatSettings = {
  locale: SupportedLocale;
  /** An IANA zone: the organization's for signed-in pages, UTC elsewhere. */
  timeZone: string;
  /** The instant the page was rendered at: relative times read against it, so the browser's render agrees. */
  now: number;
};

type DateInput = string | number | Date;

/** A calendar date (a deadline, a day in a report): the same day wherever it is read, never shifted by a zone. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Intl formatters are costly to build (tens of microseconds each) and a list page formats hundreds of values.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    if (cache.size > 500) cache.clear();
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** An unknown zone (a stale setting) formats in UTC rather than throwing a RangeError into a render. */
function zoneOrUtc(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

function toInstant(value: DateInput): { ms: number; calendar: boolean } | null {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(ms) ? null : { ms, calendar: true };
  }
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  return Number.isNaN(ms) ? null : { ms, calendar: false };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

export type Formatter = ReturnType<typeof createFormatter>;

export function createFormatter(settings: FormatSettings) {
  const { locale, now } = settings;
  const timeZone = zoneOrUtc(settings.timeZone);

  const dateFormat = (zone: string) =>
    cached(
      `d|${locale}|${zone}`,
      () => new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: zone }),
    );

  /** The day, numeric (11/27/2026, 27/11/2026, 27.11.2026): a YYYY-MM-DD string is that day in any zone. */
  function formatDate(value: DateInput): string {
    const t = toInstant(value);
    if (!t) return typeof value === "string" ? value : "";
    return dateFormat(t.calendar ? "UTC" : timeZone).format(t.ms);
  }

  /** Day and month only (11/27, 27.11.), for chart axes where the year is in the title or the tooltip. */
  function formatShortDate(value: DateInput): string {
    const t = toInstant(value);
    if (!t) return typeof value === "string" ? value : "";
    const zone = t.calendar ? "UTC" : timeZone;
    return cached(
      `sd|${locale}|${zone}`,
      () => new Intl.DateTimeFormat(locale, { month: "2-digit", day: "2-digit", timeZone: zone }),
    ).format(t.ms);
  }

  /** A month of a year (Nov 2026, Nov. 2026): a YYYY-MM or YYYY-MM-DD string is that month in any zone. */
  function formatMonth(value: DateInput): string {
    const t = toInstant(typeof value === "string" && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value);
    if (!t) return typeof value === "string" ? value : "";
    const zone = t.calendar ? "UTC" : timeZone;
    return cached(
      `m|${locale}|${zone}`,
      () => new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: zone }),
    ).format(t.ms);
  }

  /** Day and time to the minute (or second: log lines), with the zone's name (the reader may be elsewhere than the organization). */
  function formatDateTime(value: DateInput, { seconds = false }: { seconds?: boolean } = {}): string {
    const t = toInstant(value);
    if (!t) return typeof value === "string" ? value : "";
    return cached(
      `dt|${locale}|${timeZone}|${seconds}`,
      () =>
        new Intl.DateTimeFormat(locale, {
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "numeric",
          minute: "2-digit",
          ...(seconds ? { second: "2-digit" as const } : {}),
          timeZone,
          timeZoneName: "short",
        }),
    ).format(t.ms);
  }

  /** "3 hours ago", "in 2 days", "yesterday": against the render's instant unless told otherwise. */
  function formatRelative(value: DateInput, from: number = now): string {
    const t = toInstant(value);
    if (!t) return typeof value === "string" ? value : "";
    const diff = t.ms - from;
    const abs = Math.abs(diff);
    const [unit, size] = UNITS.find(([, ms]) => abs >= ms) ?? ["second", 1000];
    return cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(
      Math.round(diff / size),
      unit,
    );
  }

  /** 1,234.5 / 1.234,5 / 1 234,5; at most `maximumFractionDigits` decimals (default 1). */
  function formatNumber(n: number, maximumFractionDigits = 1): string {
    if (!Number.isFinite(n)) return String(n);
    return cached(
      `n|${locale}|${maximumFractionDigits}`,
      () => new Intl.NumberFormat(locale, { maximumFractionDigits }),
    ).format(n);
  }

  /** A share given as a ratio (0.42 → 42%, 42 %). */
  function formatPercent(ratio: number, maximumFractionDigits = 0): string {
    if (!Number.isFinite(ratio)) return String(ratio);
    return cached(
      `p|${locale}|${maximumFractionDigits}`,
      () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits }),
    ).format(ratio);
  }

  /** A size in decimal (SI) units, as Intl names them: 999 byte, 1.5 kB, 12 MB. */
  function formatBytes(bytes: number): string {
    if (!Number.isFinite(bytes)) return String(bytes);
    let i = 0;
    let v = Math.max(0, bytes);
    while (v >= 1000 && i < BYTE_UNITS.length - 1) {
      v /= 1000;
      i++;
    }
    const unit = BYTE_UNITS[i];
    return cached(
      `b|${locale}|${unit}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: "unit",
          unit,
          unitDisplay: "short",
          maximumFractionDigits: i === 0 ? 0 : 1,
        }),
    ).format(v);
  }

  return {
    locale,
    timeZone,
    now,
    formatDate,
    formatShortDate,
    formatMonth,
    formatDateTime,
    formatRelative,
    formatNumber,
    formatPercent,
    formatBytes,
  };
}
