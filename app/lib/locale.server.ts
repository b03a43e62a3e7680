/**
 * The locale a request's dates and numbers are formatted in: its Accept-Language header (RFC 9110 §12.5.4)
 * negotiated against SUPPORTED_LOCALES, by RFC 4647 "lookup" (a range is tried whole, then with its last subtag
 * cut off, `de-CH` → `de`), in the order of the header's q-values; nothing acceptable → en-US.
 *
 * Hand-written because no negotiation library is a dependency of the app (@formatjs/intl-localematcher and
 * negotiator are in node_modules only as other packages' dependencies); the grammar is small and tested in
 * locale.server.test.ts with real browsers' headers.
 */
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type SupportedLocale } from "./format";

const BY_LOWER = new Map<string, SupportedLocale>(SUPPORTED_LOCALES.map((l) => [l.toLowerCase(), l]));

/**
 * English outside the US writes dates day first, as en-GB does (CLDR's en-001 parent); plain `en` and `en-US`
 * keep the US order.
 */
const REGIONAL: Record<string, SupportedLocale> = {
  en: "en-US",
  "en-001": "en-GB",
  "en-150": "en-GB",
  "en-au": "en-GB",
  "en-nz": "en-GB",
  "en-ie": "en-GB",
  "en-in": "en-GB",
  "en-za": "en-GB",
  "en-sg": "en-GB",
};

/** A header longer than this is not a browser's: it is ignored rather than parsed. */
const MAX_HEADER = 1024;
const RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The header's language ranges with q > 0, highest q first (ties keep the header's order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header || header.length > MAX_HEADER) return [];
  const ranges: { tag: string; q: number; i: number }[] = [];
  header.split(",").forEach((part, i) => {
    const [rawTag, ...params] = part.split(";").map((s) => s.trim());
    if (!rawTag || !RANGE.test(rawTag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^q\s*=\s*(.*)$/i.exec(p);
      if (!m) continue;
      if (!QVALUE.test(m[1])) return; // a malformed weight: the range is dropped, not guessed
      q = Number(m[1]);
    }
    if (q > 0) ranges.push({ tag: rawTag, q, i });
  });
  return ranges.sort((a, b) => b.q - a.q || a.i - b.i).map((r) => r.tag);
}

function lookup(range: string): SupportedLocale | null {
  const subtags = range.toLowerCase().split("-");
  while (subtags.length > 0) {
    const tag = subtags.join("-");
    const found = BY_LOWER.get(tag) ?? REGIONAL[tag];
    if (found) return found;
    subtags.pop();
    // RFC 4647 §3.4: a single-letter subtag left at the end is removed with the one before it.
    if (subtags.length > 0 && subtags[subtags.length - 1].length === 1) subtags.pop();
  }
  return null;
}

export function negotiateLocale(header: string | null | undefined): SupportedLocale {
  for (const range of parseAcceptLanguage(header)) {
    if (range === "*") return DEFAULT_LOCALE;
    const found = lookup(range);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
