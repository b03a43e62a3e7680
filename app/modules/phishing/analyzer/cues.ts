/**
 * Multilingual wording cues (data/cues.json: en, es, pt, fr, de, it, nl)
 * matched word by word. Text and phrases are folded the same way first: NFKC
 * (full-width and "mathematical" letters become plain ones), invisible and
 * bidirectional controls removed, look-alike Cyrillic/Greek letters turned
 * Latin, accents removed, lower case. Matching walks the words once, looking
 * up each word in an index of the phrases' first words: linear in the text.
 */
import cuesJson from "../data/cues.json";
import { latinize } from "../domains";

export const CUE_CATEGORIES = [
  "urgencyStrong",
  "urgencyWeak",
  "credential",
  "payment",
  "prize",
  "crypto",
  "suspension",
  "organization",
  "scam",
] as const;
export type CueCategory = (typeof CUE_CATEGORIES)[number];

type LanguageCues = {
  urgency: { strong: string[]; weak: string[] };
  credential: string[];
  payment: string[];
  prize: string[];
  crypto: string[];
  suspension: string[];
  organization: string[];
  /** Scam lures that are not credential phishing, by lure (issue 29). */
  scam?: Record<string, string[]>;
};
type Phrase = { words: string[]; text: string; lang: string; category: CueCategory; lure?: string };

/** Invisible and bidirectional formatting characters (zero-width, soft hyphen, word joiner, BOM, bidi embeddings, overrides and isolates, fillers). */
export const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- invisible marks listed as escapes on purpose, each matched alone
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
export const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text folded for matching: see the module header. */
export function fold(text: string): string {
  return latinize(text.normalize("NFKC").replace(INVISIBLE, ""))
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae");
}

/** The words of folded text (letters, digits and inner apostrophes). */
export function cueWords(text: string, max = 12_000): string[] {
  const out: string[] = [];
  for (const w of fold(text).split(/[^\p{L}\p{N}']+/u)) {
    // Outer apostrophes trimmed by index (a pattern like /'+$/ re-scans a run of them from every position).
    let a = 0;
    let b = w.length;
    while (a < b && w[a] === "'") a++;
    while (b > a && w[b - 1] === "'") b--;
    const t = w.slice(a, b);
    if (t) out.push(t);
    if (out.length >= max) break;
  }
  return out;
}

const byFirst = new Map<string, Phrase[]>();
/** Phrases whose first word is a prefix ("expire*"), indexed by the prefix's first two letters. */
const prefixFirst = new Map<string, Phrase[]>();
{
  const all = cuesJson as unknown as Record<string, LanguageCues | string>;
  for (const [lang, cues] of Object.entries(all)) {
    if (typeof cues === "string") continue;
    const lists: [CueCategory, string[]][] = [
      ["urgencyStrong", cues.urgency.strong],
      ["urgencyWeak", cues.urgency.weak],
      ["credential", cues.credential],
      ["payment", cues.payment],
      ["prize", cues.prize],
      ["crypto", cues.crypto],
      ["suspension", cues.suspension],
      ["organization", cues.organization],
    ];
    const lures: [CueCategory, string[], string][] = Object.entries(cues.scam ?? {}).map(([lure, phrases]) => [
      "scam",
      phrases,
      lure,
    ]);
    for (const [category, phrases, lure] of [...lists.map(([c, p]) => [c, p, undefined] as const), ...lures]) {
      for (const text of phrases) {
        // "*" and "~" survive folding as separate marks: keep them on the words.
        const words = text
          .split(/\s+/)
          .map((w) =>
            w === "~" ? "~" : w.endsWith("*") ? `${cueWords(w.slice(0, -1)).join("")}*` : cueWords(w).join(" "),
          )
          .flatMap((w) => (w.includes(" ") ? w.split(" ") : [w]))
          .filter(Boolean);
        if (!words.length) continue;
        const phrase: Phrase = { words, text, lang, category, lure };
        if (words[0]!.endsWith("*")) {
          const key = words[0]!.slice(0, 2);
          prefixFirst.set(key, [...(prefixFirst.get(key) ?? []), phrase]);
        } else {
          const list = byFirst.get(words[0]!) ?? [];
          list.push(phrase);
          byFirst.set(words[0]!, list);
        }
      }
    }
  }
}

function wordMatches(pattern: string, word: string | undefined): boolean {
  if (word === undefined) return false;
  if (pattern === "~") return true;
  if (pattern.endsWith("*")) return word.startsWith(pattern.slice(0, -1));
  return word === pattern;
}

export type CueHits = Record<CueCategory, string[]> & { languages: string[]; lures: string[] };

/** The cues found in `words`, each phrase at most once, by category; and the languages they came from. */
export function matchCues(words: string[]): CueHits {
  const hits = Object.fromEntries(CUE_CATEGORIES.map((c) => [c, [] as string[]])) as unknown as CueHits;
  const seen = new Set<Phrase>();
  const found = new Set<string>();
  const languages = new Set<string>();
  const lures = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const cands = byFirst.get(w);
    const check = (p: Phrase) => {
      if (seen.has(p)) return;
      for (let k = 1; k < p.words.length; k++) if (!wordMatches(p.words[k]!, words[i + k])) return;
      seen.add(p);
      languages.add(p.lang);
      const matched = words.slice(i, i + p.words.length).join(" ");
      const key = `${p.category}:${matched}`;
      if (!found.has(key)) {
        found.add(key);
        hits[p.category].push(matched);
        if (p.lure) lures.add(p.lure);
      }
    };
    if (cands) for (const p of cands) check(p);
    const prefixed = prefixFirst.get(w.slice(0, 2));
    if (prefixed) for (const p of prefixed) if (w.startsWith(p.words[0]!.slice(0, -1))) check(p);
  }
  hits.languages = [...languages];
  hits.lures = [...lures];
  return hits;
}

/** Distinct values, compared folded. */
export function distinct(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = fold(x).replace(/\s+/g, " ").trim();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
