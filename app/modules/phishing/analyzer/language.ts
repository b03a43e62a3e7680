/**
 * Stage "language": the wording of the subject and body. Urgency, threats to
 * an account or mailbox, requests to sign in or confirm details, payment and
 * gift-card fraud, advance-fee promises, extortion, callback scams and
 * generic greetings; look-alike letters from other alphabets and invisible
 * characters inside words. The text is capped (50,000 characters) before any
 * pattern runs, and every pattern's repetitions are bounded.
 */
import { latinize } from "../domains";
import type { AddSignal } from "./types";
import { BIDI, cueWords, distinct, INVISIBLE, matchCues } from "./cues";
import { cap, shorten } from "./text";

/** Urgency that pressures on its own. */
const URGENCY_STRONG = [
  /\bwithin (24|48|72|twenty[- ]four|forty[- ]eight) hours\b/i,
  /\b(final|last) (notice|warning|reminder|attempt)\b/i,
  /\baction required\b/i,
  /\bexpires? (today|tomorrow|in \d+ (hours?|days?))\b/i,
  /\bfailure to\b/i,
  /\bavoid (suspension|termination|deactivation|interruption|closure|losing)\b/i,
  /\b(time[- ]sensitive|respond now|act now|don'?t delay)\b/i,
];
/** Words that are urgency only two at a time: "immediately" alone is not urgency (nor is a sale's "today only"). */
const URGENCY_WEAK = [
  /\burgent(ly)?\b/i,
  /\bimmediate(ly)?\b/i,
  /\bas soon as possible\b|\basap\b/i,
  /\bexpires? soon\b/i,
  /\btoday only\b/i,
];
const ACCOUNT_THREAT = [
  /\b(account|mailbox|access|card|service|password)\b[^.\n]{0,40}\b(has been|was|will be|is being|is)\s+(temporarily\s+)?(suspended|locked|disabled|limited|restricted|closed|terminated|deactivated|deleted|blocked|compromised|on hold)\b/i,
  /\b(unusual|suspicious|unauthori[sz]ed|irregular|strange)\s+(sign[- ]?in|login|log[- ]in|activity|access|transaction|attempt)/i,
  /\b(password|mailbox|account)\s+(has\s+)?(expired|expires|will expire)\b/i,
  /\bmailbox\b[^.\n]{0,30}\b(full|quota|storage|almost full|exceeded)\b/i,
  /\b(pending|undelivered|held|blocked|quarantined)\s+(incoming\s+)?(messages|e-?mails)\b/i,
  /\bdelivery (failed|attempt failed|was unsuccessful)|unable to deliver your (package|parcel)\b/i,
];
const CREDENTIAL = [
  /\b(verify|confirm|validate|update|re-?activate|restore|unlock|secure)\s+(your\s+)?(account|identity|information|details|password|e-?mail( address)?|login|credentials|billing|payment( method| information| details)?|card)\b/i,
  /\b(log|sign)[- ]?in\s+(now\s+)?(to|and)\s+(verify|confirm|restore|unlock|update|continue|avoid|secure|review|keep|view|access|read|open|see)\b/i,
  /\benter your\s+(password|credentials|login|user ?name|pin|card|social security|ssn|bank)\b/i,
  /\b(click|tap)\s+(here|below|the (link|button)( below)?)\s+(to\s+)?(verify|confirm|log ?in|sign ?in|update|restore|unlock|review|view|access|download|release|validate|upgrade|keep|retain)\b/i,
  /\b(social security number|credit card number|card verification|cvv|online banking (password|details)|one[- ]time (code|password))\b/i,
  /\bkeep (the )?same password\b/i,
  /\b(shared|sent) (a|an|the) (document|file|invoice|folder|pdf)\s+with you\b|\byou have (received )?(a|an|\d+) (new )?(secure message|voicemail|fax|document|e-?fax)\b/i,
];
const PAYMENT_FRAUD = [
  /\bwire transfer\b|\bbank transfer\b[^.\n]{0,40}\b(today|urgent|immediately)\b/i,
  /\bgift ?cards?\b/i,
  /\b(changed|new|updated) (bank(ing)?|account|payment) (details|information|account)\b/i,
  /\bare you (available|at your desk|in the office)\b/i,
  /\b(quick|small) (favou?r|task)\b/i,
  /\b(overdue|outstanding|unpaid) (invoice|payment|balance)\b/i,
  /\b(bitcoin|btc|crypto) (wallet|address|payment)\b/i,
];
/** Advance-fee, lottery and inheritance scams: money promised to the reader. */
const ADVANCE_FEE = [
  /\b(lottery|lotto|sweepstakes?|jackpot)\b[^.\n]{0,60}\b(win(ner|ning)?|won|prize|claim)\b/i,
  /\byou (have )?(won|been selected|been chosen)\b/i,
  /\b(donation|inheritance|next of kin|beneficiary|compensation (fund|payment)|unclaimed (funds?|fortune|inheritance)|consignment box)\b/i,
  /(\$|usd|us\$|€|eur|£|gbp)\s?\d+([.,]\d+)?\s?(million|m\b)|\b\d+([.,]\d+)? million (dollars|usd|euros?|pounds)\b/i,
  /\b(claim|receive) (your|the) (prize|reward|funds?|payment|gift)\b/i,
];
/** Extortion ("I recorded you", "pay in bitcoin"). */
const EXTORTION_PAY = /\b(bitcoin|btc|monero|crypto ?currency|wallet address)\b/i;
const EXTORTION_THREAT =
  /\b(hacked|malware|trojan|spyware|webcam|recorded (you|a video)|video of you|intimate|compromising|your (device|computer|phone) (is|was|has been) (infected|hacked|compromised)|send (it|the video) to (all )?your contacts)\b/i;

/** Callback ("telephone-oriented") scams: a fake renewal or charge and a number to call. */
const CALLBACK_CLAIM =
  /\b(auto[- ]?renew(al|ed)?|subscription (has been |was )?(renewed|activated|charged)|(has|have) been charged|will be charged|order (has been )?(placed|confirmed)|to cancel|request a refund|dispute (this|the) (charge|transaction))\b/i;
const PHONE =
  /(\+?1[\s.-]?)?\(?\b8(00|33|44|55|66|77|88)\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\+\d{1,3}[\s.-]?\(?\d{2,4}\)?[\s.-]?\d{3}[\s.-]?\d{3,4}\b/;
const GENERIC_GREETING =
  /\bdear\s+(valued\s+)?(customer|user|client|member|account holder|sir\/?(or\s+)?madam|sir|madam|e-?mail user|beneficiary|recipient)\b|\b(estimad[oa]|querid[oa]|prezad[oa](\(a\))?|car[oa]|gentile|cher|ch[eè]re|sehr geehrte[r]?|liebe[r]?|beste|geachte)\s+(client[ea]?|cliente|usu[aá]rio|usuario|utente|utilisateur|kund(e|in)|klant|nutzer(in)?|titular)\b/i;

/** Newsletter boilerplate that would otherwise read as a call to action. */
const BOILERPLATE =
  /\b(click here to |)(view|read|see) (this|the|it|our) ?(e-?mail|message|newsletter)? (online|in (your|a|the) (web )?browser)\b|\bclick here to unsubscribe\b|\bhaving trouble (viewing|reading)[^.\n]*/gi;

/** How the rationale names each scam lure of data/cues.json. */
const SCAM_LURES: Record<string, string> = {
  "gift-card": "gift-card and reward",
  survey: "survey-for-reward",
  dating: "dating and adult",
  loan: "loan",
  health: "miracle-product",
  casino: "casino and crypto-airdrop",
  customs: "parcel-fee and customs",
  tax: "tax-debt",
};

export type LanguageContext = {
  /** The message is mailing-list or bulk mail (List-Id, List-Unsubscribe, Precedence: bulk/list). */
  bulk?: boolean;
};

export type LanguageHits = {
  /** It asks the reader to act on an account, pay, or claim money (the combination rules read this). */
  credential: boolean;
  /** The languages the cues found came from. */
  languages: string[];
  /** Wording of a scam that is not credential phishing (prize, advance fee, crypto, extortion, callback, lures). */
  scam: boolean;
};

export function analyzeLanguage(input: string, add: AddSignal, ctx: LanguageContext = {}): LanguageHits {
  const rawText = cap(input, 50_000);
  // Filter evasion: Cyrillic or Greek look-alike letters inside Latin words ("Pаypal", "Vеrify"),
  // and invisible characters splitting words. Normal text in those alphabets uses whole words.
  const mixed = [...rawText.slice(0, 20_000).matchAll(/\p{L}{3,}/gu)]
    .map((m) => m[0])
    .filter((w) => /\p{Script=Latin}/u.test(w) && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u.test(w));
  if (mixed.length)
    add(
      "language",
      "mixed-script",
      15,
      `Words mix Latin letters with look-alike letters from other alphabets (${mixed
        .slice(0, 3)
        .map((w) => `"${shorten(w, 30)}"`)
        .join(", ")}), a trick to slip past filters.`,
    );
  // eslint-disable-next-line no-misleading-character-class -- invisible marks listed as escapes on purpose, each matched alone
  const hidden = (rawText.slice(0, 50_000).match(/\p{L}[\u200b-\u200d\u2060\ufeff\u00ad\u034f]+\p{L}/gu) ?? []).length;
  if (hidden >= 3)
    add(
      "language",
      "hidden-characters",
      10,
      `The text hides ${hidden} invisible characters inside words, a trick to slip past filters.`,
    );
  const text = latinize(rawText.normalize("NFKC"))
    // "Iog in", "User lD": a capital I and a small l swapped, as in sample phishing subjects.
    .replace(/\bIog(?=\s?in\b)/g, "log")
    .replace(BOILERPLATE, " ");
  const cues = matchCues(cueWords(text));
  const hits = (list: RegExp[]) => list.map((r) => r.exec(text)?.[0]).filter((x): x is string => !!x);
  const quote = (xs: string[]) =>
    xs
      .slice(0, 3)
      .map((x) => `"${shorten(x.replace(/\s+/g, " "), 50)}"`)
      .join(", ");
  const strong = distinct([...hits(URGENCY_STRONG), ...cues.urgencyStrong]);
  const weak = distinct([...hits(URGENCY_WEAK), ...cues.urgencyWeak]);
  const threat = distinct([...hits(ACCOUNT_THREAT), ...cues.suspension]);
  const credential = distinct([...hits(CREDENTIAL), ...cues.credential]);
  const payment = distinct([...hits(PAYMENT_FRAUD), ...cues.payment]);
  const asks = credential.length > 0 || payment.length > 0 || threat.length > 0;
  if (strong.length || weak.length >= 2) {
    const urgency = [...strong, ...weak];
    // A sale's deadline in bulk mail that asks for nothing is marketing, not pressure to hand over an account.
    const w = ctx.bulk && !asks ? 4 : urgency.length >= 3 ? 15 : 10;
    add("language", "urgency", w, `Urgent wording pressures the reader: ${quote(urgency)}.`);
  }
  if (threat.length)
    add(
      "language",
      "account-threat",
      threat.length >= 2 ? 15 : 12,
      `It warns of a problem with an account, card, mailbox or delivery: ${quote(threat)}.`,
    );
  if (credential.length)
    add(
      "language",
      "credential",
      credential.length >= 2 ? 22 : 15,
      `It asks the reader to sign in, confirm details or open a shared item: ${quote(credential)}.`,
    );
  if (payment.length)
    add(
      "language",
      "payment",
      payment.length >= 2 ? 22 : 15,
      `It asks for money or payment changes in the way invoice and CEO fraud does: ${quote(payment)}.`,
    );
  const fee = hits(ADVANCE_FEE);
  if (fee.length >= 2)
    add(
      "language",
      "advance-fee",
      fee.length >= 3 ? 22 : 15,
      `It promises money, a prize or an inheritance, the mark of advance-fee fraud: ${quote(fee)}.`,
    );
  const prize = distinct(cues.prize);
  if (prize.length >= 2 && fee.length < 2)
    add(
      "language",
      "prize",
      ctx.bulk && !asks ? 5 : prize.length >= 3 ? 18 : 12,
      `It announces a prize or winnings: ${quote(prize)}.`,
    );
  const crypto = distinct(cues.crypto);
  if (crypto.length >= 2)
    add(
      "language",
      "crypto",
      crypto.length >= 3 || prize.length >= 2 ? 15 : 10,
      `It talks about cryptocurrency, wallets or investment returns, the subject of crypto scams: ${quote(crypto)}.`,
    );
  // Scams that want money or personal details, not a password: gift cards, paid surveys, dating, loans,
  // miracle cures, casino and airdrops, parcels held at customs, tax debts (issue 29). One phrase is
  // common in honest mail; two, or one lure beside a prize, are not.
  const scam = distinct(cues.scam);
  const lureCount = cues.lures.length;
  const scamFound = scam.length >= 2 || (scam.length === 1 && (prize.length >= 1 || crypto.length >= 1));
  if (scamFound)
    add(
      "language",
      "scam",
      ctx.bulk && !asks ? 4 : scam.length >= 3 || lureCount >= 2 ? 15 : 10,
      `It has the wording of ${cues.lures.map((l) => SCAM_LURES[l] ?? l).join(" and ")} scams: ${quote(scam)}.`,
    );
  const extortion = EXTORTION_PAY.exec(text)?.[0] && EXTORTION_THREAT.exec(text)?.[0];
  if (extortion)
    add(
      "language",
      "extortion",
      25,
      `It threatens the reader ("${shorten(extortion, 40)}") and asks for a cryptocurrency payment: extortion.`,
    );
  const callbackClaim = CALLBACK_CLAIM.exec(text)?.[0];
  const phone = callbackClaim ? PHONE.exec(text)?.[0] : undefined;
  if (callbackClaim && phone)
    add(
      "language",
      "callback",
      15,
      `It claims "${callbackClaim}" and gives a phone number to call (${phone.trim()}), the pattern of callback scams.`,
    );
  const greeting = GENERIC_GREETING.exec(text)?.[0];
  if (greeting)
    add(
      "language",
      "generic-greeting",
      5,
      `It opens with a generic greeting ("${greeting}") rather than the reader's name.`,
    );
  return {
    credential:
      asks ||
      fee.length >= 2 ||
      (prize.length >= 2 && (crypto.length >= 2 || !ctx.bulk)) ||
      !!(callbackClaim && phone) ||
      !!extortion,
    languages: cues.languages,
    scam:
      scamFound ||
      fee.length >= 2 ||
      prize.length >= 2 ||
      crypto.length >= 2 ||
      !!extortion ||
      !!(callbackClaim && phone),
  };
}

/** Characters that pad a subject or name without showing: spaces of every width, fillers, invisible marks. */
const PAD =
  // eslint-disable-next-line no-misleading-character-class -- invisible marks listed as escapes on purpose, each matched alone
  /[\s\u00a0\u034f\u115f\u1160\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060-\u2064\u2800\u3000\u3164\ufeff\uffa0]/;

/** The longest run of padding characters strictly inside `s` (a single pass). */
export function innerPadding(s: string): number {
  const t = s.trim();
  let best = 0;
  let run = 0;
  for (const c of t) {
    if (PAD.test(c)) best = Math.max(best, ++run);
    else run = 0;
  }
  return best;
}

/** Letters written in styles NFKC folds to plain ones (full-width, mathematical bold, circled...). */
export function styledLetters(s: string): number {
  let n = 0;
  for (const c of s) if (/[\p{L}\p{N}]/u.test(c) && c.normalize("NFKC") !== c && c.codePointAt(0)! > 0x2000) n++;
  return n;
}

/**
 * Unicode tricks in the subject and display name, where a reader looks first
 * and filters match words: invisible or bidirectional characters, letters in
 * styles that normalise to plain ones, Latin words with look-alike letters from
 * other alphabets, and padding that pushes the rest of a subject out of view.
 */
export function obfuscationSignals(input: { subject: string; senderName: string }, add: AddSignal) {
  const fields: [string, string][] = [
    ["subject", cap(input.subject, 2_000)],
    ["display name", cap(input.senderName, 256)],
  ];
  for (const [label, value] of fields) {
    if (!value) continue;
    const key = label === "subject" ? "subject" : "display-name";
    const bidi = (value.match(BIDI) ?? []).length;
    const invisible = (value.match(INVISIBLE) ?? []).length;
    if (bidi)
      add(
        "language",
        `${key}-bidi`,
        20,
        `The ${label} contains ${bidi === 1 ? "a character" : `${bidi} characters`} that reverse the direction of the text, so what you read is not what is written.`,
      );
    else if (invisible)
      add(
        "language",
        `${key}-invisible`,
        12,
        `The ${label} contains ${invisible === 1 ? "an invisible character" : `${invisible} invisible characters`}, a trick to defeat filters that match words.`,
      );
    const styled = styledLetters(value);
    if (styled >= 3)
      add(
        "language",
        `${key}-styled`,
        12,
        `The ${label} writes ${styled} letters in look-alike styles ("${shorten(value, 40)}" reads as "${shorten(value.normalize("NFKC"), 40)}"), a trick to defeat filters that match words.`,
      );
    const mixed = (value.match(/\p{L}{3,}/gu) ?? []).filter(
      (w) => /\p{Script=Latin}/u.test(w) && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u.test(w),
    );
    if (mixed.length && key === "display-name")
      add(
        "sender",
        "display-name-mixed-script",
        20,
        `The display name mixes Latin letters with look-alike letters from other alphabets ("${shorten(mixed[0]!, 30)}").`,
      );
    const pad = innerPadding(value);
    if (pad >= 6)
      add(
        "language",
        `${key}-padding`,
        10,
        `The ${label} is padded with ${pad} blank or invisible characters in a row, which pushes part of it out of view.`,
      );
  }
}
