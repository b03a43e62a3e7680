/**
 * Feature extraction for the phishing text model: turns a message's subject,
 * body text and link targets into a set of feature names. The same function
 * runs at training time (scripts/train-phishing-model.ts) and when scoring,
 * so the two can never drift apart.
 *
 * Everything here is linear in the (capped) input: one pass per string, no
 * regular expression that can backtrack, no URL parsing beyond `new URL`
 * on a length-capped string.
 *
 * Feature names (documented in docs/phishing-model.md):
 *   word          a body or subject word: NFKC, lower case, any script
 *                 (accented Latin, Cyrillic, Greek, CJK runs ...), 2-30 chars
 *   s:word        the same word seen in the subject
 *   f:...         shape signals: invisible or bidirectional characters,
 *                 mixed-script words, shouting subjects, currency, emoji
 *   u:...         link features: top-level domain, IP-literal host,
 *                 URL shortener, punycode, free hosting, plain http,
 *                 userinfo in the authority, a non-default port, path words
 */

export type ModelInput = { subject: string; text: string; urls: string[] };

/** Input caps: the model sees at most this much of a message. */
export const LIMITS = { subject: 1_000, text: 60_000, urls: 100, urlLength: 2_000, pathWords: 8 } as const;

/** Zero-width, joiner, bidirectional-control and other invisible code points used to pad or disguise text. */
function isInvisible(cp: number): boolean {
  return (
    cp === 0x00ad || // soft hyphen
    cp === 0x034f || // combining grapheme joiner
    cp === 0x061c || // Arabic letter mark
    cp === 0x115f ||
    cp === 0x1160 || // Hangul fillers
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    cp === 0x180e || // Mongolian vowel separator
    (cp >= 0x200b && cp <= 0x200f) || // zero-width space/joiners, LRM/RLM
    (cp >= 0x202a && cp <= 0x202e) || // bidi embeddings and overrides
    (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
    (cp >= 0x2066 && cp <= 0x2069) || // bidi isolates
    cp === 0x3164 || // Hangul filler
    cp === 0xfeff || // BOM / zero-width no-break space
    cp === 0xffa0 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) // variation selectors
  );
}

const enum Script {
  Other = 0,
  Latin = 1,
  Cyrillic = 2,
  Greek = 3,
}

function scriptOf(cp: number): Script {
  if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xc0 && cp <= 0x24f)) return Script.Latin;
  if (cp >= 0x400 && cp <= 0x52f) return Script.Cyrillic;
  if (cp >= 0x370 && cp <= 0x3ff) return Script.Greek;
  return Script.Other;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const HAS_LETTER = /\p{L}/u;
const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'\])]+/gi;
const EMOJI = /\p{Extended_Pictographic}/u;
const CURRENCY = /[$€£¥₹₽₿]|\b(?:usd|eur|gbp|brl|btc|usdt|eth)\b|r\$/i;

/** URL shorteners: the reader cannot see where the link goes. */
export const SHORTENERS = new Set([
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "v.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "rb.gy",
  "t.ly",
  "tiny.cc",
  "s.id",
  "shorte.st",
  "adf.ly",
  "x.co",
  "clck.ru",
  "qrco.de",
  "tiny.one",
  "rotf.lol",
  "urlz.fr",
  "bl.ink",
  "short.io",
  "lnkd.in",
  "surl.li",
  "shorturl.com",
  "u.to",
  "2u.pm",
  "tinu.be",
  "linktr.ee",
  "t.me",
  "wa.me",
]);

/** Free hosting and page builders: a login page there is not the brand's. */
export const FREE_HOSTS = [
  "000webhostapp.com",
  "weebly.com",
  "wixsite.com",
  "blogspot.com",
  "firebaseapp.com",
  "web.app",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "glitch.me",
  "herokuapp.com",
  "vercel.app",
  "github.io",
  "r2.dev",
  "ngrok.io",
  "ngrok-free.app",
  "repl.co",
  "square.site",
  "webflow.io",
  "godaddysites.com",
  "mystrikingly.com",
  "ipfs.io",
  "dweb.link",
  "storage.googleapis.com",
  "sites.google.com",
  "forms.gle",
  "s3.amazonaws.com",
  "blob.core.windows.net",
  "web.core.windows.net",
  "azurewebsites.net",
  "onrender.com",
  "fly.dev",
  "surge.sh",
  "jimdosite.com",
  "yolasite.com",
  "typedream.app",
  "framer.website",
];

function isFreeHost(host: string): boolean {
  for (const h of FREE_HOSTS) if (host === h || host.endsWith("." + h)) return true;
  return false;
}

/** Characters an invisible-padding check looks at, and the text without them. */
function stripInvisible(s: string): { clean: string; invisible: number } {
  let invisible = 0;
  let clean = "";
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const cp = s.charCodeAt(i);
    if (isInvisible(cp)) {
      invisible++;
      clean += s.slice(start, i);
      start = i + 1;
    }
  }
  return { clean: invisible ? clean + s.slice(start) : s, invisible };
}

function mixedScript(word: string): boolean {
  let seen = 0;
  for (const ch of word) {
    const s = scriptOf(ch.codePointAt(0)!);
    if (s !== Script.Other) seen |= 1 << s;
  }
  // Latin together with Cyrillic or Greek inside one word is a look-alike trick.
  return (seen & (1 << Script.Latin)) !== 0 && (seen & ((1 << Script.Cyrillic) | (1 << Script.Greek))) !== 0;
}

/**
 * Function words of the seven languages the training data covers. They say
 * which language a message is in, not whether it is a lure, and the training
 * data's language mix would otherwise teach the model that one language is
 * more suspicious than another.
 */
const STOPWORDS = new Set(
  (
    "the and for you your are with this that from have has was were will not but our all can has its into out " +
    "de la el los las del que en un una por para con se su sus al lo es no como más pero " +
    "do da dos das em um uma os as ao na no nas nos por para com seu sua seus suas é ou mais mas " +
    "le les des du un une et en est au aux pour par sur dans pas vous votre vos nous ce cette qui " +
    "der die das und ist ein eine einen dem den des im in zu mit von für auf ist sie ihr ihre wir nicht an als " +
    "il lo la gli le di da in con su per tra fra un una che è del della dei delle al alla nel nella non si " +
    "het een van en in op te dat die voor met zijn uw je jij wij aan als er niet bij om dan ook"
  ).split(" "),
);

function addWords(text: string, out: Set<string>, prefix: string, flags: { mixed: boolean }): void {
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    if (raw.length < 2 || raw.length > 30) continue;
    if (STOPWORDS.has(raw)) continue;
    if (!HAS_LETTER.test(raw)) continue; // numbers alone say little and overfit to dates
    if (!flags.mixed && raw.length >= 3 && mixedScript(raw)) flags.mixed = true;
    out.add(prefix + raw);
  }
}

function addUrl(href: string, out: Set<string>, hosts: Set<string>): void {
  let s = href.trim().slice(0, LIMITS.urlLength);
  // A scheme-less "www." link is not known to be plain http.
  if (/^www\./i.test(s)) s = "https://" + s;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return;
  if (url.protocol === "http:") out.add("u:http");
  if (url.username || url.password) out.add("u:userinfo");
  if (url.port) out.add("u:port");
  const firstTime = !hosts.has(host);
  hosts.add(host);
  if (firstTime) {
    if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) out.add("u:ip");
    else {
      const labels = host.split(".");
      const tld = labels[labels.length - 1]!;
      out.add("u:tld:" + (tld.startsWith("xn--") ? "idn" : tld));
      if (host.includes("xn--")) out.add("u:punycode");
      if (labels.length >= 5) out.add("u:deep-subdomain");
      const twoLast = labels.slice(-2).join(".");
      if (SHORTENERS.has(host) || SHORTENERS.has(twoLast)) out.add("u:shortener");
      if (isFreeHost(host)) out.add("u:free-host");
      let digits = 0;
      for (let i = 0; i < host.length; i++) if (host.charCodeAt(i) >= 48 && host.charCodeAt(i) <= 57) digits++;
      if (digits >= 4) out.add("u:digits-in-host");
      let hyphens = 0;
      for (let i = 0; i < host.length; i++) if (host[i] === "-") hyphens++;
      if (hyphens >= 2) out.add("u:hyphens-in-host");
    }
  }
  // Words of the path and query ("login", "verify", "wallet", "unsubscribe" ...).
  let n = 0;
  const path = (url.pathname + " " + url.search).toLowerCase().slice(0, 300);
  for (const m of path.matchAll(/[a-z]{3,20}/g)) {
    out.add("u:p:" + m[0]);
    if (++n >= LIMITS.pathWords) break;
  }
  if (/\.(?:php|aspx?|cgi)(?:$|[?#/])/.test(url.pathname.toLowerCase())) out.add("u:script-page");
}

/**
 * The set of features of one message. Input beyond LIMITS is ignored, so the
 * cost is bounded whatever the caller passes.
 */
export function extractFeatures(input: ModelInput): Set<string> {
  const out = new Set<string>();
  const flags = { mixed: false };

  // Subject: shape first (case, padding), then words under "s:" and as plain words.
  const subjectRaw = (input.subject ?? "").slice(0, LIMITS.subject);
  const subj = stripInvisible(subjectRaw.normalize("NFKC"));
  if (subj.invisible > 0) out.add("f:subject-invisible");
  let letters = 0;
  let upper = 0;
  for (const ch of subj.clean) {
    if (ch !== ch.toLowerCase()) upper++;
    if (ch.toLowerCase() !== ch.toUpperCase()) letters++;
  }
  if (letters >= 8 && upper / letters > 0.7) out.add("f:subject-shouting");
  if (subj.clean.includes("!!") || subj.clean.includes("! !")) out.add("f:subject-exclaims");
  if (EMOJI.test(subj.clean)) out.add("f:subject-emoji");
  if (CURRENCY.test(subj.clean)) out.add("f:subject-currency");
  if (/\s{4,}|[._\-=~]{6,}/.test(subj.clean)) out.add("f:subject-padding");
  const subjectLower = subj.clean.toLowerCase();
  addWords(subjectLower, out, "s:", flags);
  addWords(subjectLower, out, "", flags);

  // Body: URLs are taken out of the text (they become u: features, not words).
  const bodyRaw = (input.text ?? "").slice(0, LIMITS.text);
  const body = stripInvisible(bodyRaw.normalize("NFKC"));
  if (body.invisible >= 3) out.add("f:body-invisible");
  const urls: string[] = [];
  const bodyText = body.clean.replace(URL_IN_TEXT, (u) => {
    if (urls.length < LIMITS.urls) urls.push(u);
    return " ";
  });
  if (CURRENCY.test(bodyText)) out.add("f:currency");
  if (EMOJI.test(bodyText)) out.add("f:emoji");
  addWords(bodyText.toLowerCase(), out, "", flags);
  if (flags.mixed) out.add("f:mixed-script-word");

  // Links: the caller's list first, then those seen in the text.
  const hosts = new Set<string>();
  let count = 0;
  for (const u of [...(input.urls ?? []).slice(0, LIMITS.urls), ...urls]) {
    if (count++ >= LIMITS.urls * 2) break;
    addUrl(u, out, hosts);
  }
  out.add(
    hosts.size === 0 ? "u:none" : hosts.size === 1 ? "u:one-host" : hosts.size <= 4 ? "u:few-hosts" : "u:many-hosts",
  );
  return out;
}

/** A feature name as a reader would say it, for the rationale line. */
export function describeFeature(f: string): string {
  if (f.startsWith("s:")) return `${f.slice(2)} (subject)`;
  if (f.startsWith("u:tld:")) return `link to a .${f.slice(6)} domain`;
  if (f.startsWith("u:p:")) return `${f.slice(4)} (link path)`;
  const named: Record<string, string> = {
    "u:http": "unencrypted http link",
    "u:userinfo": "link with a user name before the host",
    "u:port": "link with an unusual port",
    "u:ip": "link to a bare IP address",
    "u:punycode": "punycode (internationalised) link host",
    "u:deep-subdomain": "link host with many subdomains",
    "u:shortener": "URL shortener link",
    "u:free-host": "link to free hosting",
    "u:digits-in-host": "digits in a link host",
    "u:hyphens-in-host": "hyphenated link host",
    "u:script-page": "link to a script page (.php/.asp)",
    "u:none": "no links",
    "u:one-host": "links to a single host",
    "u:few-hosts": "links to a few hosts",
    "u:many-hosts": "links to many hosts",
    "f:subject-invisible": "invisible characters in the subject",
    "f:subject-shouting": "subject in capitals",
    "f:subject-exclaims": "repeated exclamation marks in the subject",
    "f:subject-emoji": "emoji in the subject",
    "f:subject-currency": "money in the subject",
    "f:subject-padding": "padded subject",
    "f:body-invisible": "invisible characters in the text",
    "f:currency": "money amounts",
    "f:emoji": "emoji in the text",
    "f:mixed-script-word": "a word mixing Latin with Cyrillic or Greek letters",
  };
  return named[f] ?? f;
}
