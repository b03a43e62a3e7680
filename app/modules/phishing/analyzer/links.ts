/**
 * Stage "links": every link's real target judged on its own (raw IP
 * addresses, shorteners, unusual top-level domains, free hosting and form
 * services, punycode, lookalikes of protected domains, a brand's domain worn
 * as a subdomain, file downloads) and against the text shown for it. Known
 * redirect wrappers are unwrapped first. Forms and scripts in the HTML are
 * judged here too. Hrefs and link texts are capped before any pattern runs.
 */
import { domainInfo, findLookalike, hostEndsWith, ownedBy, type DomainInfo, type Protected } from "../domains";
import { CLICK_TRACKERS, FREE_HOSTING, SHORTENERS, UNUSUAL_TLDS } from "../lists";
import type { RawLink } from "./parse.server";
import { describeTarget } from "./sender";
import type { AddSignal, AnalyzedLink, SignalCategory } from "./types";
import { cap, domainsNamedIn, LIMITS, plural, shorten, trimEnd } from "./text";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const DOWNLOAD_EXT = /\.(exe|scr|js|jse|vbs|hta|bat|cmd|msi|iso|img|zip|rar|7z|docm|xlsm)$/i;

const REDIRECTORS: { host: RegExp; path: RegExp; params: string[] }[] = [
  { host: /^(www\.)?google\.[a-z.]+$/, path: /^\/url$/, params: ["q", "url"] },
  { host: /safelinks\.protection\.outlook\.com$/, path: /.*/, params: ["url"] },
  { host: /^l\.facebook\.com$|^lm\.facebook\.com$/, path: /^\/l\.php$/, params: ["u"] },
  { host: /^(www\.)?youtube\.com$/, path: /^\/redirect$/, params: ["q"] },
  { host: /^l\.instagram\.com$/, path: /.*/, params: ["u"] },
];

export function unwrapRedirect(url: URL): URL | null {
  const host = url.hostname.toLowerCase();
  if (host.length > 253) return null;
  const r = REDIRECTORS.find((x) => x.host.test(host) && x.path.test(cap(url.pathname, 200)));
  if (!r) return null;
  for (const p of r.params) {
    const v = url.searchParams.get(p);
    if (v && /^https?:\/\//i.test(v)) {
      try {
        return new URL(cap(v, LIMITS.href));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function isClickTracker(host: string) {
  return [...CLICK_TRACKERS].some((t) => hostEndsWith(host, t));
}

/** Runs the links stage over the links the parse stage found. */
export function analyzeLinks(
  rawLinks: RawLink[],
  targets: Protected[],
  fromInfo: DomainInfo | null,
  add: AddSignal,
  trustedSender = false,
): AnalyzedLink[] {
  const seen = new Map<string, AnalyzedLink>();
  const once = new Map<string, { weight: number; message: string; category: SignalCategory; count: number }>();
  const flag = (key: string, category: SignalCategory, weight: number, message: string) => {
    const cur = once.get(key);
    if (!cur) once.set(key, { weight, message, category, count: 1 });
    else {
      cur.count++;
      if (weight > cur.weight) Object.assign(cur, { weight, message });
    }
  };

  for (const { href: rawHref, text: rawText } of rawLinks) {
    const hrefTrim = trimEnd(cap(rawHref, LIMITS.href).trim(), ".,;:!?)");
    const text = cap(rawText, LIMITS.linkText);
    const key = `${hrefTrim}\u0000${text}`;
    if (seen.has(key) || seen.size >= LIMITS.links) continue;
    const issues: string[] = [];
    let url: URL | null = null;
    let scheme: string;
    try {
      const withScheme = /^www\./i.test(hrefTrim) ? `http://${hrefTrim}` : hrefTrim;
      url = new URL(withScheme);
      scheme = url.protocol;
    } catch {
      scheme = (/^([a-z][a-z0-9+.-]{0,30}):/i.exec(hrefTrim)?.[1] ?? "").toLowerCase() + ":";
    }
    if (/^(javascript|data|vbscript|file):$/i.test(scheme)) {
      issues.push(`uses a ${scheme} link`);
      flag(
        "script-link",
        "links",
        20,
        `A link uses the ${scheme} scheme ("${shorten(text || hrefTrim, 50)}"), which runs code or embeds content instead of opening a page.`,
      );
      seen.set(key, { href: shorten(hrefTrim, 500), text: shorten(text, 200), host: "", domain: "", issues });
      continue;
    }
    if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
      continue;
    }
    // Known redirect wrappers (Google, Outlook Safe Links, Facebook): judge the destination,
    // which is also what an open-redirect abuse hides.
    const unwrapped = unwrapRedirect(url);
    let wrapper: string | null = null;
    if (unwrapped) {
      wrapper = url.hostname;
      url = unwrapped;
    }
    const afterScheme = hrefTrim.indexOf("://");
    const rawHostPart = wrapper
      ? url.host
      : afterScheme > 0 && afterScheme < 12
        ? hrefTrim.slice(afterScheme + 3).split(/[/?#]/, 1)[0]!
        : "";
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    const info = domainInfo(host);
    const link: AnalyzedLink = {
      href: shorten(url.href, 500),
      text: shorten(text, 200),
      host,
      domain: info.domain,
      issues,
    };
    if (wrapper) issues.push(`wrapped in a ${wrapper} redirect`);
    seen.set(key, link);

    if (rawHostPart.includes("@")) {
      const shown = rawHostPart.split("@")[0];
      issues.push(`hides its real host behind "${shorten(shown ?? "", 40)}@"`);
      flag(
        "userinfo",
        "links",
        25,
        `A link starts with "${shorten(shown ?? "", 40)}@" so it reads like that site, but it really goes to ${host}.`,
      );
    }
    const privateIp = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|localhost$)/.test(host);
    if (privateIp) {
      issues.push("points to a private or local address");
      flag(
        "private-ip-link",
        "links",
        3,
        `A link points to the private or local address ${host}, which cannot reach a public site.`,
      );
    } else if (info.isIp || IPV4.test(host) || host.includes(":")) {
      issues.push("points to a raw IP address");
      flag(
        "ip-link",
        "links",
        25,
        `A link points to the raw IP address ${host} instead of a domain name (${shorten(url.href, 70)}).`,
      );
    }
    if (SHORTENERS.has(host) || SHORTENERS.has(info.domain)) {
      issues.push("uses a URL shortener");
      flag(
        "shortener",
        "links",
        12,
        `A link goes through the URL shortener ${host}, which hides its real destination (${shorten(url.href, 60)}).`,
      );
    }
    const tld = info.suffix.split(".").pop() ?? "";
    if (!info.isIp && UNUSUAL_TLDS.has(tld)) {
      issues.push(`uses the unusual .${tld} domain`);
      flag(
        "tld",
        "links",
        10,
        `A link goes to ${info.domain}, under the .${tld} top-level domain, common in phishing and rare in business mail.`,
      );
    }
    const formService =
      (host === "docs.google.com" && url.pathname.startsWith("/forms")) ||
      host === "forms.office.com" ||
      host === "forms.microsoft.com"
        ? host
        : null;
    const hosting = formService ?? [...FREE_HOSTING].find((h) => hostEndsWith(host, h));
    if (hosting) {
      issues.push(`is hosted on ${hosting}, where anyone can publish a page`);
      flag(
        "free-hosting",
        "links",
        12,
        `A link goes to ${host}, on ${hosting}, where anyone can publish a sign-in page.`,
      );
    }
    if (info.unicode) {
      issues.push(`is a punycode name displayed as ${info.unicode}`);
      flag(
        "link-punycode",
        "lookalike",
        15,
        `A link goes to ${host}, an internationalised (punycode) name that displays as ${info.unicode}.`,
      );
    }
    if (!info.isIp) {
      const look = findLookalike(info, targets);
      if (look) {
        const w = { punycode: 40, homoglyph: 40, "edit-distance": 35, "other-tld": 20, "contains-name": 12 }[look.how];
        issues.push(`imitates ${look.imitates}`);
        flag(
          `link-lookalike-${look.how === "contains-name" ? "weak" : "strong"}`,
          "lookalike",
          w,
          `A link goes to ${info.domain}, which imitates ${look.imitates} (${describeTarget(look.target)}): ${look.detail}.`,
        );
      }
      // paypal.com.account-verify.top: a brand's domain worn as a subdomain.
      for (const t of targets) {
        if (ownedBy(info, t)) continue;
        const worn = t.domains.find((d) => host.startsWith(d + ".") || host.includes("." + d + "."));
        if (worn) {
          issues.push(`puts ${worn} in front of another domain`);
          flag(
            "subdomain-brand",
            "lookalike",
            30,
            `A link to ${host} starts with ${worn}, but the site really belongs to ${info.domain}.`,
          );
          break;
        }
      }
    }
    if (DOWNLOAD_EXT.test(cap(url.pathname, LIMITS.href))) {
      issues.push("downloads a file type often used for malware");
      flag(
        "download",
        "links",
        15,
        `A link downloads ${shorten(url.pathname.split("/").pop() ?? "", 50)} from ${host}: a file type often used to deliver malware.`,
      );
    }

    // Visible text naming another domain than the target.
    if (text) {
      const named = domainsNamedIn(text, LIMITS.linkText);
      // amazon.com shown, amazon.co.uk linked: the same name under a country suffix is not a deception.
      const other = named.find(
        (n) => n.domain !== info.domain && !hostEndsWith(host, n.domain) && n.label !== info.label,
      );
      if (other) {
        const tracker = isClickTracker(host);
        const textIsProtected = targets.some((t) => ownedBy(other, t));
        const textIsSender = !!fromInfo && (other.domain === fromInfo.domain || other.label === fromInfo.label);
        if (trustedSender && textIsSender) {
          flag(
            "text-href-own",
            "links",
            3,
            `A link shows ${other.domain}, the authenticated sender's own domain, but goes through ${info.domain} (probably the sender's click tracking).`,
          );
          issues.push(`shows ${other.domain} but goes through ${info.domain}`);
        } else if (tracker && !textIsProtected) {
          flag(
            "text-href-tracker",
            "links",
            3,
            `A link shows ${other.domain} but goes through ${info.domain}, a mailing service's click tracker; the final destination cannot be confirmed from the message.`,
          );
          issues.push(`shows ${other.domain} but goes through the click tracker ${info.domain}`);
        } else {
          issues.push(`shows ${other.domain} but goes to ${info.domain}`);
          flag(
            "text-href",
            "links",
            textIsProtected ? 35 : tracker ? 10 : 22,
            `A link's text shows ${shorten(other.host, 60)} but it really goes to ${shorten(host, 60)} (${shorten(url.href, 70)}).`,
          );
        }
      }
    }
  }
  for (const [key, v] of once) {
    add(v.category, key, v.weight, v.count > 1 ? `${v.message} (${plural(v.count, "link")} like this)` : v.message);
  }
  return [...seen.values()];
}

/** Forms and scripts in the HTML part. */
export function formAndScriptSignals(forms: string[], scripts: number, add: AddSignal) {
  if (forms.length) {
    const action = forms.find(Boolean);
    add(
      "links",
      "html-form",
      25,
      `The message contains a form${action ? ` that sends what you type to ${shorten(action, 70)}` : ""}: legitimate senders do not collect data inside an e-mail.`,
    );
  }
  if (scripts)
    add(
      "links",
      "html-script",
      10,
      `The HTML contains ${plural(scripts, "script")} (not run here): mail clients block scripts, so their presence signals a crafted message.`,
    );
}
