/**
 * Domain reasoning for the phishing analyzer: registrable domains (the Public
 * Suffix List, through tldts), the confusable "skeleton" of a label (after
 * Unicode TR39's idea: map characters that look alike to one representative,
 * here reduced to the Latin, Cyrillic and Greek letters and digits phishing
 * kits actually use), Damerau-Levenshtein distance, and the lookalike test
 * against the organization's own domains and the brand list.
 */
import { domainToUnicode } from "node:url";
import { parse } from "tldts";
import { BRANDS, FREE_MAIL, type Brand } from "./lists";

export type DomainInfo = {
  host: string;
  /** Registrable domain ("paypal.com" for "www.paypal.com"), or the host itself (IP, unknown suffix). */
  domain: string;
  /** The registrable domain without its public suffix ("paypal"). */
  label: string;
  suffix: string;
  isIp: boolean;
  /** The Unicode form when the host has punycode (xn--) labels. */
  unicode: string | null;
};

export function domainInfo(hostInput: string): DomainInfo {
  const host = hostInput
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^\[|\]$/g, "");
  const p = parse(host, { allowPrivateDomains: false });
  const isIp = !!p.isIp || /^\d+$/.test(host) || /^0x[0-9a-f]+$/i.test(host);
  const domain = p.domain ?? host;
  let unicode: string | null = null;
  if (/(^|\.)xn--/.test(host)) {
    const u = domainToUnicode(host);
    unicode = u && u !== host ? u : null;
  }
  return {
    host,
    domain,
    label: p.domainWithoutSuffix ?? host.split(".")[0] ?? host,
    suffix: p.publicSuffix ?? "",
    isIp,
    unicode,
  };
}

export function registrableDomain(host: string): string {
  return domainInfo(host).domain;
}

export function hostEndsWith(host: string, parent: string): boolean {
  return host === parent || host.endsWith("." + parent);
}

const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "l",
  ї: "l",
  ј: "j",
  ԁ: "d",
  һ: "h",
  ӏ: "l",
  ѕ: "s",
  ԛ: "q",
  ԝ: "w",
  к: "k",
  м: "m",
  н: "h",
  т: "t",
  ո: "n",
  ս: "u",
  ց: "g",
  օ: "o",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "l",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
  // Latin look-alikes and digits
  ı: "l",
  ł: "l",
  ɡ: "g",
  ɑ: "a",
  ǀ: "l",
  "0": "o",
  "1": "l",
  "|": "l",
  i: "l",
  "3": "e",
  "5": "s",
  $: "s",
  "@": "a",
  "4": "a",
  "7": "t",
  "8": "b",
  "9": "g",
};

/** The confusable skeleton of a domain label: "paypa1", "pаypal" (Cyrillic а) and "paypal" share one. */
const SCRIPT_LOOKALIKES = Object.entries(CONFUSABLE).filter(([k]) =>
  /[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f\u0530-\u058f]/.test(k),
);
const SCRIPT_LOOKALIKE_RE = new RegExp(`[${SCRIPT_LOOKALIKES.map(([k]) => k).join("")}]`, "g");
const SCRIPT_LOOKALIKE_MAP = Object.fromEntries(SCRIPT_LOOKALIKES);

/** Text with Cyrillic/Greek look-alike letters turned into Latin ones and invisible characters removed (for wording rules). */
export function latinize(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, "")
    .replace(SCRIPT_LOOKALIKE_RE, (c) => SCRIPT_LOOKALIKE_MAP[c] ?? c);
}

const skeletonCache = new Map<string, string>();

export function skeleton(input: string): string {
  const hit = skeletonCache.get(input);
  if (hit !== undefined) return hit;
  const out = computeSkeleton(input);
  if (skeletonCache.size > 20_000) skeletonCache.clear();
  skeletonCache.set(input, out);
  return out;
}

function computeSkeleton(input: string): string {
  let s = input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  s = Array.from(s, (c) => CONFUSABLE[c] ?? c).join("");
  // Pairs that render like one letter in most fonts.
  return s.replace(/rn/g, "m").replace(/vv/g, "w").replace(/cl/g, "d").replace(/nn/g, "m").replace(/-/g, "");
}

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

export type Protected = { kind: "brand" | "organization"; name: string; domains: string[]; brand?: Brand };

export function protectedTargets(orgDomains: string[]): Protected[] {
  const org = orgDomains.map((d) => d.toLowerCase()).filter((d) => d && !FREE_MAIL.has(d));
  const list: Protected[] = [];
  if (org.length) list.push({ kind: "organization", name: "your organization", domains: org });
  for (const b of BRANDS) list.push({ kind: "brand", name: b.name, domains: b.domains, brand: b });
  return list;
}

/** Whether a registrable domain belongs to the protected brand or organization. */
export function ownedBy(info: DomainInfo, target: Protected): boolean {
  if (target.domains.some((d) => hostEndsWith(info.domain, d) || hostEndsWith(info.host, d))) return true;
  if (target.brand?.ccTlds) {
    const brandLabel = registrableLabel(target.brand.domains[0]!);
    // amazon.de, dhl.co.uk, google.com.br: a country-code suffix under the brand's own label.
    if (info.label === brandLabel && /^([a-z]{2}|(co|com|org|net|ne|or)\.[a-z]{2})$/.test(info.suffix)) return true;
  }
  return false;
}

function registrableLabel(domain: string): string {
  return domainInfo(domain).label;
}

/** Brand names that are also everyday words or names: too common to flag when merely contained. */
const GENERIC_LABELS = new Set([
  "apple",
  "chase",
  "steam",
  "slack",
  "stripe",
  "zoom",
  "live",
  "office",
  "outlook",
  "yahoo",
  "norton",
  "adobe",
  "intuit",
  "spotify",
  "visa",
  "costco",
  "walmart",
  "verizon",
  "binance",
]);

type Ref = { own: string; label: string; suffix: string; skel: string; distinctive: boolean };
const refCache = new WeakMap<Protected, Ref[]>();
const brandRefCache = new Map<string, Ref[]>();

/** The protected domains' labels and skeletons, computed once per target (brands: once per process). */
function refsOf(target: Protected): Ref[] {
  const cached = target.kind === "brand" ? brandRefCache.get(target.name) : refCache.get(target);
  if (cached) return cached;
  const refs = target.domains
    .map((own) => {
      const ref = domainInfo(own);
      return {
        own,
        label: ref.label,
        suffix: ref.suffix,
        skel: skeleton(ref.label),
        distinctive:
          ref.label.length >= 4 &&
          (target.kind === "organization" || (own === target.domains[0] && !GENERIC_LABELS.has(ref.label))),
      };
    })
    .filter((r) => r.label && r.label.length >= 2);
  if (target.kind === "brand") brandRefCache.set(target.name, refs);
  else refCache.set(target, refs);
  return refs;
}

export type Lookalike = {
  target: Protected;
  /** The protected domain it imitates. */
  imitates: string;
  how: "homoglyph" | "punycode" | "edit-distance" | "contains-name" | "other-tld";
  detail: string;
};

/**
 * Does this domain imitate one of the protected domains? Returns the first,
 * strongest match. A domain the target owns is never a lookalike of it.
 */
export function findLookalike(info: DomainInfo, targets: Protected[]): Lookalike | null {
  if (info.isIp || !info.label) return null;
  const unicodeLabel = info.unicode ? domainInfo(info.unicode).label || info.unicode.split(".")[0]! : null;
  const cands = [info.label, ...(unicodeLabel ? [unicodeLabel] : [])].map((cand) => ({
    cand,
    isUnicode: cand !== info.label,
    skel: skeleton(cand),
    tokens: cand
      .split(/[-_.\d]+/)
      .filter(Boolean)
      .map((raw) => ({ raw, skel: skeleton(raw) })),
  }));
  let best: Lookalike | null = null;
  const rank = { punycode: 5, homoglyph: 4, "edit-distance": 3, "other-tld": 2, "contains-name": 1 } as const;
  for (const target of targets) {
    if (ownedBy(info, target)) continue;
    for (const ref of refsOf(target)) {
      const { own, label: refLabel, skel: refSkel, suffix: refSuffix, distinctive } = ref;
      for (const c of cands) {
        const { cand, isUnicode, skel: candSkel, tokens } = c;
        let how: Lookalike["how"] | null = null;
        let detail = "";
        if (cand === refLabel) {
          if (isUnicode) continue;
          // Same name, another suffix: paypal.co imitating paypal.com.
          // (Not for one- and two-letter names: db.com's "db" under another suffix imitates nobody.)
          // Nor for everyday words (slack.net is an ISP, not Slack).
          if (
            info.suffix !== refSuffix &&
            refLabel.length >= 3 &&
            !GENERIC_LABELS.has(refLabel) &&
            !FREE_MAIL.has(info.domain)
          ) {
            how = "other-tld";
            detail = `uses the name "${refLabel}" under .${info.suffix || "?"} instead of ${own}`;
          }
        } else if (candSkel === refSkel && refLabel.length >= 3) {
          how = isUnicode ? "punycode" : "homoglyph";
          detail = isUnicode
            ? `its Unicode form ${info.unicode} looks like ${own}`
            : `"${cand}" differs from "${refLabel}" only by look-alike characters`;
        } else if (refLabel.length >= 6 && cand.length >= 4 && Math.abs(candSkel.length - refSkel.length) <= 2) {
          const allowed = refLabel.length >= 9 ? 2 : 1;
          const dist = editDistance(candSkel, refSkel, allowed);
          if (dist <= allowed) {
            how = "edit-distance";
            detail = `"${cand}" is ${dist} edit${dist === 1 ? "" : "s"} away from "${refLabel}"`;
          }
        }
        // Containment only for names that are not everyday words (office, live, apple, chase...),
        // and for a brand only its main name: otherwise "office-depot" would imitate Microsoft.
        if (!how && distinctive && !isUnicode && cand !== refLabel) {
          const containsToken = tokens.some((t) => t.raw === refLabel || t.skel === refSkel);
          const glued = refLabel.length >= 6 && (cand.startsWith(refLabel) || cand.endsWith(refLabel));
          if (containsToken || glued) {
            how = "contains-name";
            detail = `contains the name "${refLabel}" but is not ${own}`;
          }
        }
        if (how && (!best || rank[how] > rank[best.how])) best = { target, imitates: own, how, detail };
      }
    }
  }
  return best;
}
