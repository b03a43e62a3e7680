/**
 * Stage "sender": who the message says it is from against where it really
 * comes from. Lookalike sender domains (domains.ts), unusual top-level
 * domains, display names that name a brand, your organization, a colleague or
 * an address they do not use, Reply-To and Return-Path elsewhere, and a brand
 * named in the subject by someone who is not that brand.
 */
import {
  domainInfo,
  findLookalike,
  ownedBy,
  skeleton,
  type DomainInfo,
  type Lookalike,
  type Protected,
} from "../domains";
import { AUTHORITY_NAMES, BRANDS, FREE_MAIL, UNUSUAL_TLDS, type Brand } from "../lists";
import { cueWords, matchCues } from "./cues";
import type { AddSignal, AnalyzeOptions, AuthVerdict } from "./types";
import { cap, domainOf, domainsNamedIn, escapeRe, LIMITS, normaliseName, shorten, titleCase } from "./text";

export function describeTarget(t: Protected) {
  return t.kind === "organization" ? "one of your organization's domains" : `${titleCase(t.name)}`;
}

/** Brand names that are also first names or everyday words: in a display name they count only beside service words. */
const PERSONLIKE_BRANDS = new Set([
  "chase",
  "apple",
  "steam",
  "zoom",
  "slack",
  "ledger",
  "kraken",
  "booking",
  "norton",
  "stripe",
  "ups",
  "dpd",
  "irs",
  "att",
  "citibank",
  "aol",
  "usaa",
]);
const SERVICE_WORDS = new Set(
  (
    "support team service services security account accounts billing online alert alerts notification notifications " +
    "customer care help helpdesk no reply noreply id inc store bank banking mobile card cards express delivery center " +
    "centre department dept official verification info the via & and of mail com us uk fraud protection pay wallet " +
    "live community music tv"
  ).split(" "),
);

function brandAsTarget(brand: Brand): Protected {
  return { kind: "brand", name: brand.name, domains: brand.domains, brand };
}

/** The brand a display name names: for person-like brand names ("Chase Smith") only beside service words. */
export function brandInDisplayName(name: string) {
  const brand = brandNamedIn(name);
  if (!brand || !PERSONLIKE_BRANDS.has(brand.name)) return brand;
  const words = cap(name, LIMITS.displayName)
    .normalize("NFKD")
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter(Boolean);
  const rest = words.filter((w) => w !== brand.name && !(brand.aliases ?? []).some((a) => a.split(" ").includes(w)));
  return rest.every((w) => SERVICE_WORDS.has(w) || /^\d+$/.test(w)) ? brand : null;
}

/** The brand a display name or subject names, by whole word (after undoing look-alike characters). */
export function brandNamedIn(text: string, maxLength = 5_000) {
  if (!text) return null;
  const plain = cap(text, maxLength)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const words = plain.split(/[^a-z0-9&]+/).filter(Boolean);
  const wordSet = new Set(words);
  const spaced = ` ${words.join(" ")} `;
  const glued = words.join("");
  for (const b of BRANDS) {
    const names = [b.name, ...(b.aliases ?? [])];
    for (const n of names) {
      if (n.includes(" ")) {
        if (spaced.includes(` ${n} `)) return b;
        continue;
      }
      if (wordSet.has(n)) return b;
      // "PayPaI Service", "Micros0ft": look-alike characters in a word.
      if (n.length >= 5 && words.some((w) => w.length === n.length && skeleton(w) === skeleton(n))) return b;
      // Names written with spaces ("Pay Pal", "Wells Fargo").
      if (n.length >= 6 && glued.includes(n) && !words.some((w) => w.includes(n) && w !== n)) return b;
    }
  }
  return null;
}

export type SenderInput = {
  sender: string;
  senderName: string;
  fromInfo: DomainInfo | null;
  replyTo: string | null;
  returnPath: string | null;
  subject: string;
  /** DMARC passed, or a DKIM signature aligned with From passed. */
  authenticated: boolean;
  /** The authentication stage's verdicts (empty when it did not run). */
  auth?: AuthVerdict[];
  /** Mailing-list and bulk-mail headers. */
  list?: ListInfo;
};

/** What the List-* and Precedence headers say (RFC 2369, RFC 2919, RFC 8058). */
export type ListInfo = {
  /** The List-Id's identifier ("dev.lists.example.org"). */
  id: string | null;
  /** The address List-Post names (mailto:). */
  post: string | null;
  unsubscribe: boolean;
  precedence: string | null;
};

export function isBulk(list: ListInfo | undefined): boolean {
  return !!list && (!!list.id || !!list.post || list.unsubscribe || /^(list|bulk|junk)$/.test(list.precedence ?? ""));
}

/**
 * Did the message come through a mailing list? List-Id and List-Post name the list (RFC 2919, 2369) and
 * SPF or DKIM passes for the list's own domain (or ARC passes): the list re-sent it. Returns the list's domain.
 */
export function throughList(list: ListInfo | undefined, auth: AuthVerdict[]): string | null {
  if (!list?.id || !list.post) return null;
  // The list's domain: its List-Id's or the domain of its posting address.
  const domains = new Set(
    [domainInfo(list.id).domain, domainInfo(list.post.split("@")[1] ?? "").domain].filter(Boolean),
  );
  let found: string | null = null;
  for (const a of auth) {
    if (a.result !== "pass") continue;
    const d = a.method === "dkim" ? dkimDomain(a) : a.method === "spf" ? spfDomain(a) : "";
    if (domains.has(d)) found = d;
    else if (a.method === "arc") found ??= [...domains][0] ?? null;
  }
  return found;
}

/** The envelope domain an SPF verdict names (smtp.mailfrom=, or mailauth's "domain for ip"). */
function spfDomain(a: AuthVerdict): string {
  const d =
    /smtp\.mailfrom=(?:[^@\s;]{0,64}@)?([a-z0-9.-]{1,253})/i.exec(a.detail)?.[1] ?? a.detail.split(" ", 1)[0] ?? "";
  return domainInfo(d).domain;
}

/** Did SPF, DKIM or DMARC pass for the From domain itself? */
export function alignedPass(auth: AuthVerdict[], fromDomain: string): boolean {
  return auth.some((a) => {
    if (a.result !== "pass") return false;
    if (a.method === "dmarc") return true;
    if (a.method === "dkim") return a.detail.includes("; aligned") || dkimDomain(a) === fromDomain;
    if (a.method === "spf") return spfDomain(a) === fromDomain;
    return false;
  });
}

/** The domain a DKIM verdict names: mailauth's "d s=sel; ..." or Authentication-Results' header.d= / header.i=@. */
export function dkimDomain(v: AuthVerdict): string {
  const d =
    /header\.d=([a-z0-9.-]{1,253})/i.exec(v.detail)?.[1] ??
    /header\.i=[^@\s]{0,64}@([a-z0-9.-]{1,253})/i.exec(v.detail)?.[1];
  if (d) return domainInfo(d).domain;
  if (v.source === "mailauth") return domainInfo(v.detail.split(" ", 1)[0] ?? "").domain;
  return "";
}
export type SenderFacts = { impersonation: boolean; senderLookalike: Lookalike | null };

/** Runs the sender stage. */
export function senderSignals(
  input: SenderInput,
  opts: Pick<AnalyzeOptions, "orgNames" | "orgAddresses">,
  targets: Protected[],
  add: AddSignal,
): SenderFacts {
  const { sender, fromInfo, replyTo, returnPath } = input;
  const senderName = cap(input.senderName, LIMITS.displayName);
  const orgTarget = targets.find((t) => t.kind === "organization");
  const isOrgDomain = (info: DomainInfo | null) => !!(info && orgTarget && ownedBy(info, orgTarget));
  let impersonation = false;
  let senderLookalike: Lookalike | null = null;
  if (!sender) {
    add("sender", "no-from", 15, "The message has no readable From address: the sender cannot be checked.");
    return { impersonation, senderLookalike };
  }
  if (!fromInfo) return { impersonation, senderLookalike };

  senderLookalike = findLookalike(fromInfo, targets);
  if (senderLookalike) {
    const w = {
      punycode: 45,
      homoglyph: 45,
      "edit-distance": 40,
      "other-tld": 30,
      "contains-name": senderLookalike.target.kind === "organization" ? 30 : 25,
    }[senderLookalike.how];
    add(
      "lookalike",
      "sender-lookalike",
      w,
      `Sender domain ${fromInfo.domain} imitates ${senderLookalike.imitates} (${describeTarget(senderLookalike.target)}): ${senderLookalike.detail}.`,
    );
  } else if (fromInfo.unicode) {
    add(
      "lookalike",
      "sender-punycode",
      15,
      `Sender domain ${fromInfo.host} is an internationalised (punycode) name that displays as ${fromInfo.unicode}.`,
    );
  }
  if (UNUSUAL_TLDS.has(fromInfo.suffix.split(".").pop() ?? "")) {
    add(
      "sender",
      "sender-tld",
      10,
      `Sender domain ${fromInfo.domain} uses the .${fromInfo.suffix} top-level domain, common in phishing and rare in business mail.`,
    );
  }

  // Display name claims.
  const name = normaliseName(senderName);
  const nameSkel = skeleton(name.replace(/[^\p{L}\p{N}]+/gu, ""));
  if (name) {
    const brand = brandInDisplayName(name);
    const brandOwnsSender = brand && ownedBy(fromInfo, brandAsTarget(brand)) && !FREE_MAIL.has(fromInfo.domain);
    if (brand && !brandOwnsSender) {
      impersonation = true;
      add(
        "sender",
        "display-name-brand",
        30,
        `Display name "${shorten(senderName, 60)}" names ${titleCase(brand.name)}, but the address is at ${fromInfo.domain}, which ${titleCase(brand.name)} does not use (its domains: ${brand.domains.slice(0, 3).join(", ")}).`,
      );
    }
    // An address in the display name, or a brand's or your own domain ("paypal.com" <x@evil.ru>).
    // A merchant's own name ("Fly.io" sending receipts through Stripe) is not a claim.
    const replyDomain = replyTo ? domainInfo(domainOf(replyTo)).domain : "";
    const embedded = domainsNamedIn(name.replace(/@/g, " @ "))
      .filter((d) => d.domain !== fromInfo.domain && d.domain !== replyDomain)
      .filter((d) => name.includes("@") || targets.some((t) => ownedBy(d, t)))
      .map((d) => d.domain);
    if (embedded.length) {
      impersonation = true;
      add(
        "sender",
        "display-name-address",
        25,
        `Display name "${shorten(senderName, 60)}" shows the address or domain ${embedded[0]}, but the mail really comes from ${sender}.`,
      );
    }
    if (!isOrgDomain(fromInfo)) {
      const orgName = (opts.orgNames ?? [])
        .map((n) => normaliseName(n))
        .find((n) => n.length >= 3 && new RegExp(`(^|[^\\p{L}])${escapeRe(n)}([^\\p{L}]|$)`, "u").test(name));
      if (orgName) {
        impersonation = true;
        add(
          "sender",
          "display-name-org",
          25,
          `Display name "${shorten(senderName, 60)}" uses your organization's name, but the address is at ${fromInfo.domain}, not one of your domains.`,
        );
      }
      const reversed = skeleton(
        name
          .split(" ")
          .reverse()
          .join("")
          .replace(/[^\p{L}]/gu, ""),
      );
      const member = (opts.orgAddresses ?? []).find((a) => {
        const local = skeleton((a.split("@")[0] ?? "").replace(/[^a-z]/gi, ""));
        return local.length >= 5 && nameSkel.length >= 5 && (local === nameSkel || local === reversed);
      });
      if (member && member.toLowerCase() !== sender) {
        impersonation = true;
        add(
          "sender",
          "display-name-member",
          30,
          `Display name "${shorten(senderName, 60)}" matches ${member}, a member of your organization, but the address is ${sender}.`,
        );
      }
      const brandOwned =
        !FREE_MAIL.has(fromInfo.domain) && targets.some((t) => t.kind === "brand" && ownedBy(fromInfo, t));
      if (orgTarget && !brandOwned && AUTHORITY_NAMES.some((a) => new RegExp(`\\b${escapeRe(a)}\\b`).test(name))) {
        add(
          "sender",
          "display-name-authority",
          10,
          `Display name "${shorten(senderName, 60)}" presents the sender as your administrators, but ${fromInfo.domain} is not one of your domains.`,
        );
      }
    }
  }

  // Reply-To and Return-Path.
  const list = input.list;
  const toList =
    !!replyTo &&
    !!list &&
    ((!!list.post && list.post === replyTo.toLowerCase()) ||
      (!!list.id && domainInfo(domainOf(replyTo)).domain === domainInfo(list.id).domain));
  if (replyTo && toList) {
    add("sender", "reply-to-list", 0, `Replies go to the mailing list's address ${replyTo}, as mailing lists do.`);
  } else if (replyTo) {
    const rInfo = domainInfo(domainOf(replyTo));
    if (rInfo.domain && rInfo.domain !== fromInfo.domain) {
      const free = FREE_MAIL.has(rInfo.domain) && !FREE_MAIL.has(fromInfo.domain);
      const look = findLookalike(rInfo, targets);
      // Replies to one of your own domains help no attacker (a colleague sharing through a service).
      const w = look ? 30 : isOrgDomain(rInfo) ? 0 : free ? 22 : 12;
      add(
        "sender",
        "reply-to-mismatch",
        w,
        `Replies go to ${replyTo} (${rInfo.domain}), not to the sender's domain ${fromInfo.domain}${free ? "; a free-mail address" : ""}${look ? `; ${rInfo.domain} imitates ${look.imitates}` : ""}.`,
      );
    }
  }
  if (returnPath) {
    const rp = domainInfo(domainOf(returnPath));
    if (rp.domain && rp.domain !== fromInfo.domain) {
      const look = findLookalike(rp, targets);
      const w = look ? 15 : input.authenticated || list?.id ? 0 : 3;
      add(
        "sender",
        "return-path-mismatch",
        w,
        `Bounces (Return-Path) go to ${rp.domain}, not ${fromInfo.domain}${w === 0 ? (input.authenticated ? " — common for mailing services, and this message's DMARC check passed" : " — normal for a mailing list") : ""}${look ? `; ${rp.domain} imitates ${look.imitates}` : ""}.`,
      );
    }
  }
  // A brand named in the subject is impersonation only when the sender also claims to be it (display name,
  // lookalike domain: flagged above); "Your Steam receipt" forwarded by a friend or a newsletter about Google is not.

  // The From domain is a brand's or bank's own, but the message is not authenticated for it: spoofed.
  const auth = input.auth ?? [];
  const ownBrand = targets.find((t) => t.kind === "brand" && ownedBy(fromInfo, t));
  const evaluated = auth.some((a) => a.result !== "none" && a.result !== "temperror");
  // A mailing list that re-sends a member's post signs it as the list (SPF and DKIM pass for the list's
  // domain, ARC records the original): that breaks alignment without any forgery.
  const viaList = throughList(list, auth);
  if (ownBrand && !FREE_MAIL.has(fromInfo.domain) && !alignedPass(auth, fromInfo.domain) && evaluated && !viaList) {
    const seen = auth.map((a) => `${a.method.toUpperCase()} ${a.result}`).join(", ");
    // Nothing passes at all, or DMARC fails: forged. SPF or DKIM passing for another domain (a mailing
    // service) while DMARC does not fail is only unaligned: weaker evidence.
    const forged =
      auth.some((a) => a.method === "dmarc" && a.result === "fail") ||
      !auth.some((a) => a.result === "pass" && (a.method === "spf" || a.method === "dkim"));
    impersonation = forged;
    add(
      "sender",
      "brand-domain-unauthenticated",
      forged ? 35 : 10,
      forged
        ? `The From address uses ${titleCase(ownBrand.name)}'s own domain ${fromInfo.domain}, but the message is not authenticated for it (${seen}): ${titleCase(ownBrand.name)} signs its mail, so this sender is probably forged.`
        : `The From address uses ${titleCase(ownBrand.name)}'s own domain ${fromInfo.domain}, but only another domain is authenticated (${seen}), not ${fromInfo.domain} itself.`,
    );
  }
  // A DKIM signature by an unrelated domain that does not verify.
  const foreign = auth.find((a) => a.method === "dkim" && a.result === "fail");
  const signer = foreign ? dkimDomain(foreign) : "";
  if (foreign && signer && signer !== fromInfo.domain && !viaList) {
    add(
      "authentication",
      "dkim-foreign-fail",
      12,
      `The message carries a failing DKIM signature of ${signer}, a domain unrelated to the sender ${fromInfo.domain}.`,
    );
  }
  // Lists change what they re-send (subject tags, footers), which breaks the author's DKIM signature and so
  // DMARC: expected, not deception, when the list's own domain authenticates the copy.
  const broken = auth.filter((a) => (a.method === "dkim" || a.method === "dmarc") && a.result === "fail");
  if (viaList && broken.length) {
    add(
      "trust",
      "mailing-list-resend",
      -20,
      `The message was re-sent by the mailing list ${shorten(list!.id!, 60)} and is authenticated for the list's domain ${viaList}; lists alter messages (subject tags, footers), which is why the author's ${broken.map((a) => a.method.toUpperCase()).join(" and ")} check fails.`,
    );
  }
  // A free-mail address presenting itself as an organization ("Security Department" <x@gmail.com>).
  if (name && FREE_MAIL.has(fromInfo.domain) && !impersonation) {
    const org = matchCues(cueWords(name)).organization;
    if (org.length)
      add(
        "sender",
        "free-mail-organization",
        15,
        `Display name "${shorten(senderName, 60)}" presents the sender as an organization ("${org[0]}"), but the address is a free-mail account at ${fromInfo.domain}.`,
      );
  }
  return { impersonation, senderLookalike };
}

export { brandAsTarget };
