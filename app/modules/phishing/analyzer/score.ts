/**
 * Stage "score": signals that only mean something together (a request to act
 * whose links all lead away from the sender, a brand speaking through someone
 * else's domain, a credential request beside a deceptive sender, link or
 * attachment), reassurance for an authenticated sender that imitates no one,
 * then the score: the learned layer (model/combine.ts, issue 29) weighs every
 * rule's signal and the text model's probability; the rules stay as the
 * rationale, the layer decides how much each counts.
 *
 * What the levels mean (docs/phishing-analyzer.md): high = do not interact, report
 * it; medium = verify through another channel before acting; low = no
 * phishing pattern found. Scores: high from 55, medium from 25.
 */
import { domainInfo, ownedBy, type Protected } from "../domains";
import { brandAsTarget, brandNamedIn } from "./sender";
import { isClickTracker } from "./links";
import type {
  AddSignal,
  Analysis,
  AnalysisState,
  AnalyzedLink,
  AnalyzeOptions,
  Risk,
  Signal,
  StageName,
  VerdictKind,
} from "./types";
import { STAGES } from "./types";
import { normaliseName, shorten, titleCase } from "./text";
import { combine, scoreTextModel } from "../model";

export const HIGH_FROM = 55;
export const MEDIUM_FROM = 25;

export function riskFor(score: number): Risk {
  return score >= HIGH_FROM ? "high" : score >= MEDIUM_FROM ? "medium" : "low";
}

/** The combination rules and the reassurance for an authenticated sender; they read what earlier stages found. */
export function combinations(state: AnalysisState, targets: Protected[], add: AddSignal) {
  const signals = state.signals;
  const fromInfo = state.sender ? domainInfo(state.sender.slice(state.sender.lastIndexOf("@") + 1)) : null;
  const { impersonation, senderLookalike, credentialAsk, dmarcPass } = state.facts;
  const linkTrouble = signals.some((sg) => (sg.category === "links" || sg.category === "lookalike") && sg.weight >= 10);
  if (credentialAsk && fromInfo && fromInfo.domain) {
    // It asks the reader to sign in or pay, and every link leads away from the sender's own domain.
    const web = state.links.filter((l) => l.host && l.domain);
    const sameOwner = (l: AnalyzedLink) => {
      const li = domainInfo(l.host);
      if (li.domain === fromInfo.domain || li.label === fromInfo.label) return true;
      // dropboxmail.com linking to dropbox.com: both belong to one brand (or to your organization).
      return targets.some((t) => ownedBy(li, t) && ownedBy(fromInfo, t));
    };
    const offDomain = web.filter((l) => !sameOwner(l) && !isClickTracker(l.host));
    if (web.length && offDomain.length === web.length) {
      const where = [...new Set(offDomain.map((l) => l.domain))].slice(0, 3).join(", ");
      add(
        "links",
        "off-domain",
        10,
        `It asks you to act on your account, but its links go to ${where}, not to the sender's domain ${fromInfo.domain}.`,
      );
    }
    // It speaks in a brand's name without coming from that brand.
    const bodyBrand = brandNamedIn(normaliseName(state.bodyText.slice(0, 5000), 5000));
    if (bodyBrand && !impersonation && !senderLookalike && !ownedBy(fromInfo, brandAsTarget(bodyBrand))) {
      add(
        "sender",
        "body-brand",
        12,
        `The text speaks for ${titleCase(bodyBrand.name)} and asks you to act, but the sender ${fromInfo.domain} is not a ${titleCase(bodyBrand.name)} domain.`,
      );
    }
  }
  const attachmentTrouble = state.attachments.some((a) => a.issues.length > 0);
  const lookalikeLinks = signals.some((s) => s.category === "lookalike" && s.id.startsWith("link"));
  if (credentialAsk && (linkTrouble || impersonation || senderLookalike || attachmentTrouble)) {
    add(
      "language",
      "combo",
      10,
      "It asks for credentials or payment and also shows a deceptive sender, link or attachment: the typical shape of a phishing message.",
    );
  }
  // Signals that are weak apart and strong together (issue 29): a shortener behind an image-only body, and
  // replies or bounces routed to another domain in a message that reads like a lure.
  const has = (id: string) => signals.some((s) => s.id === id && s.weight > 0);
  const model = state.facts.modelProbability ?? 0;
  const lure = credentialAsk || state.facts.scam || model >= 0.7;
  if (has("shortener") && has("little-text"))
    add(
      "links",
      "shortener-image-only",
      15,
      "A shortened link behind a body of images with almost no text: both hide what the message says and where it leads.",
    );
  const elsewhere = signals.find(
    (s) => (s.id === "reply-to-mismatch" || s.id === "return-path-mismatch") && s.weight > 0,
  );
  if (elsewhere && lure)
    add(
      "sender",
      "reply-elsewhere-lure",
      12,
      `Replies or bounces go to another domain than the sender's, in a message that reads like a lure: answers would reach someone else.`,
    );
  // Authentication proves who sent it, not that it is safe: a throw-away domain registered for a campaign
  // passes DMARC too. No reassurance when the wording reads like phishing or a scam, or the domain is on a
  // TLD common in phishing, unless the authenticated domain is a known brand's or your organization's own
  // (a real sign-in alert from google.com reads like its imitations).
  const ownDomain = !!fromInfo && targets.some((t) => ownedBy(fromInfo, t));
  const lureWording = (model >= 0.5 || state.facts.scam) && !ownDomain;
  const cheapTld = has("sender-tld");
  const reassured = dmarcPass && !impersonation && !senderLookalike && !lookalikeLinks && !lureWording && !cheapTld;
  if (dmarcPass && fromInfo && !reassured && (lureWording || cheapTld))
    add(
      "trust",
      "authenticated-not-safe",
      0,
      `The sender's domain ${fromInfo.domain} is authenticated (DMARC pass): that proves who sent it, not that it is safe${cheapTld ? ", and the domain is on a top-level domain common in phishing" : ", and the message reads like a lure"}.`,
    );
  if (reassured && fromInfo) {
    const ownAuthenticated = state.auth.find((a) => a.method === "dmarc" && a.result === "pass");
    add(
      "trust",
      "authenticated-sender",
      ownAuthenticated?.source === "mailauth" ? -15 : -10,
      `The sender's domain ${fromInfo.domain} is authenticated (DMARC pass) and does not imitate another domain.`,
    );
  }
}

/**
 * The statistical text model (model/, docs/phishing-model.md) as one signal
 * beside the rules: its probability that the subject, text and links are
 * phishing is one input of the learned layer (model/combine.ts), which also
 * decides its weight. The rationale line names the tokens that weighed most,
 * so a person can see why.
 */
export function textModelSignal(
  state: AnalysisState,
  add: AddSignal,
  model: AnalyzeOptions["textModel"] = scoreTextModel,
) {
  const urls = state.links.map((l) => l.href).slice(0, 100);
  const { probability, topTokens } = model({ subject: state.subject, text: state.bodyText, urls });
  state.facts.modelProbability = probability;
  const p = Math.round(probability * 100) / 100;
  const tokens = topTokens
    .slice(0, 5)
    .map((t) => `"${shorten(t.token, 30)}"`)
    .join(", ");
  // Its weight is the learned layer's (finishAnalysis fills it in); 0 here, so earlier checks ignore it.
  add(
    "model",
    "text-model",
    0,
    probability >= 0.5
      ? `The text model finds the wording and links typical of phishing (probability ${p.toFixed(2)})${tokens ? `; strongest tokens: ${tokens}` : ""}.`
      : `The text model finds the wording and links ordinary (probability of phishing ${p.toFixed(2)})${tokens ? `; strongest tokens: ${tokens}` : ""}.`,
  );
}

export const VERDICT_KINDS = ["phishing", "scam", "malware", "spam", "legitimate"] as const;

/** The one line of advice per kind (docs/phishing-analyzer.md), shown beside the risk in the page and the API. */
export const KIND_ADVICE: Record<VerdictKind, string> = {
  phishing:
    "Do not click its links or enter a password, code or card number; report it, and if you already signed in through it, change that password now.",
  scam: "Do not reply, pay or send personal details: no real prize, loan, refund or parcel fee is claimed this way; report it and delete it.",
  malware:
    "Do not open its attachments or downloads; if you already did, disconnect the device from the network and call your security team.",
  spam: "Unwanted bulk mail: mark it as spam, and unsubscribe only from senders you know.",
  legitimate: "No phishing or scam pattern found; stay careful with unexpected requests all the same.",
};

/** Whether the message shows a sign that legitimate mail never shows, the condition for high risk. */
function decisiveSign(state: AnalysisState, signals: Signal[]): boolean {
  const f = state.facts;
  if (f.credentialAsk || f.scam || f.impersonation || f.senderLookalike) return true;
  if (state.attachments.some((a) => a.issues.length > 0)) return true;
  return signals.some(
    (s) =>
      s.weight >= 15 &&
      (s.category === "lookalike" ||
        s.category === "attachments" ||
        s.category === "authentication" ||
        s.category === "sender" ||
        (s.category === "links" && s.id !== "shortener-image-only") ||
        (s.category === "language" && s.id !== "little-text")),
  );
}

/** A rule this strong (its stage's points) alone makes a message at least medium. */
const STRONG_RULE = 30;

/** Rules whose signal alone makes a message high (a program or script attached, a double extension). */
const FLOOR_SIGNAL = /^att-(exe|script|double)-/;

function hardFloor(state: AnalysisState, signals: Signal[]): boolean {
  const f = state.facts;
  if (signals.some((s) => s.weight > 0 && FLOOR_SIGNAL.test(s.id))) return true;
  return f.credentialAsk && (f.impersonation || f.senderLookalike);
}

/** Signals that make a message at medium or high risk malware or phishing rather than a scam or spam. */
const MALWARE_SIGNAL = /^(att-(double|exe|script|macro|vba|inner|encrypted|pdfjs|image)-|download$)/;
const PHISHING_SIGNAL =
  /^(credential|payment|combo|off-domain|body-brand|html-form|sender-lookalike|sender-punycode|display-name-|brand-domain-unauthenticated|link-lookalike-|att-html-|userinfo|text-href$|subdomain-brand)/;

/**
 * The verdict's kind (issue 29): low risk is "legitimate"; otherwise malware when an attachment or download
 * carries code, phishing when it asks for credentials or payment or imitates a sender or site, scam when its
 * wording is a lure that is not credential phishing (prizes, gift cards, loans, customs fees ...), else spam.
 */
export function kindFor(risk: Risk, signals: Signal[], facts: AnalysisState["facts"]): VerdictKind {
  if (risk === "low") return "legitimate";
  const ids = signals.filter((s) => s.weight > 0).map((s) => s.id);
  if (ids.some((id) => MALWARE_SIGNAL.test(id))) return "malware";
  const phishing = facts.impersonation || facts.senderLookalike || ids.some((id) => PHISHING_SIGNAL.test(id));
  if (
    facts.scam &&
    !ids.some((id) => /^(credential|html-form|att-html-|link-lookalike-)/.test(id)) &&
    !facts.senderLookalike
  )
    return "scam";
  if (phishing) return "phishing";
  return facts.scam ? "scam" : "spam";
}

const STAGE_WORDS: Record<StageName, string> = {
  parse: "reading the message",
  authentication: "the SPF, DKIM and DMARC checks",
  sender: "the sender checks",
  links: "the link checks",
  attachments: "the attachment checks",
  language: "the wording checks",
  score: "the text model",
};

export function cutShortLine(done: StageName[], limitMs: number): string {
  const missing = STAGES.filter((s) => !done.includes(s)).map((s) => STAGE_WORDS[s]);
  return `The analysis was cut short after ${Math.round(limitMs / 100) / 10} s: ${missing.join(", ") || "the last checks"} did not run, so this verdict rests only on what was checked before the time limit.`;
}

/** A fresh state for a message of `sizeBytes` bytes. */
export function emptyState(sizeBytes: number): AnalysisState {
  return {
    subject: "(no subject)",
    sender: "",
    senderName: "",
    messageId: null,
    date: null,
    replyTo: null,
    returnPath: null,
    sizeBytes,
    parseWarning: null,
    bodyText: "",
    signals: [],
    links: [],
    attachments: [],
    auth: [],
    done: [],
    facts: {
      impersonation: false,
      senderLookalike: false,
      credentialAsk: false,
      dmarcPass: false,
      mailingList: false,
      scam: false,
      modelProbability: null,
    },
    startedAt: performance.now(),
  };
}

/**
 * Runs the score stage on whatever the earlier stages produced and builds the
 * Analysis. With `cutShort`, the rationale opens with a line naming the checks
 * that did not run.
 */
export function finishAnalysis(
  state: AnalysisState,
  targets: Protected[],
  cutShort?: { limitMs: number },
  durationMs?: number,
): Analysis {
  const signals = [...state.signals];
  const add: AddSignal = (category, id, weight, message) => signals.push({ id, category, weight, message });
  combinations({ ...state, signals }, targets, add);
  if (cutShort)
    signals.push({
      id: "cut-short",
      category: "headers",
      weight: 0,
      message: cutShortLine(state.done, cutShort.limitMs),
    });
  // The learned layer (model/combine.ts): score and risk from every rule's signal and the model's probability.
  const learned = combine(signals, state.facts.modelProbability);
  let { score, risk } = learned;
  // Hard floors: two shapes legitimate mail never has and the training mail (SpamAssassin, 2002) is too poor
  // in to weigh (docs/decisions/026): a program in an attachment, and an imitated sender asking for
  // credentials or payment. Either is high whatever the layer's sum.
  if (risk !== "high" && hardFloor(state, signals)) {
    score = Math.max(score, HIGH_FROM);
    risk = "high";
  }
  // And the mirror of "a confident model alone reaches medium": a strong rule alone (30 points or more by its
  // stage: a look-alike sender or link, a link showing a protected domain it does not go to, a risky
  // attachment) reaches medium, whatever the text model thinks of the wording around it.
  if (risk === "low" && signals.some((s) => s.weight >= STRONG_RULE && s.category !== "model")) {
    score = MEDIUM_FROM;
    risk = "medium";
  }
  // High means "a sign legitimate mail never shows" (docs/phishing-analyzer.md). Weak signs that bulk mail
  // shows too (shorteners, images, trackers, salesy wording) may add up to medium, not to high: marketing
  // that looks like spam is still not a threat to act on (issue 29: marketing-like mail never high).
  if (risk === "high" && !decisiveSign(state, signals)) {
    score = HIGH_FROM - 1;
    risk = "medium";
    signals.push({
      id: "no-decisive-sign",
      category: "headers",
      weight: 0,
      message:
        "Several weak signs add up, but none that legitimate bulk mail never shows (no request for credentials or payment, no imitation, no dangerous attachment, no scam wording), so the risk stays at medium.",
    });
    learned.points.push(0);
  }
  const kind = kindFor(risk, signals, state.facts);
  // A rule that fired is a sign of phishing (or a reassurance) whatever the layer made of it: the rationale
  // lists it on its side, ordered by what it counted for (its points, the layer's share of the score).
  const p = state.facts.modelProbability;
  const sign = (s: Signal) => (s.category === "model" ? p !== null && p >= 0.5 : s.weight > 0);
  const weighted = signals.map((s, i) => ({ s, shown: { ...s, points: learned.points[i] ?? 0 } }));
  const ordered = [...weighted].sort(
    (a, b) => Math.abs(b.shown.points) - Math.abs(a.shown.points) || Math.abs(b.s.weight) - Math.abs(a.s.weight),
  );
  const rationale = [
    ...ordered.filter((o) => sign(o.s)).map((o) => o.s.message),
    ...ordered.filter((o) => !sign(o.s) && o.s.id !== "cut-short").map((o) => o.s.message),
  ];
  if (!ordered.some((o) => sign(o.s))) {
    rationale.unshift("No phishing signal found: the sender, links, attachments and wording look ordinary.");
  }
  if (cutShort) rationale.unshift(cutShortLine(state.done, cutShort.limitMs));
  return {
    subject: shorten(state.subject, 998),
    sender: state.sender,
    senderName: state.senderName,
    risk,
    score,
    kind,
    advice: KIND_ADVICE[kind],
    rationale,
    signals: weighted.map((o) => o.shown),
    links: state.links,
    attachments: state.attachments,
    bodyText: state.bodyText,
    auth: state.auth,
    messageId: state.messageId ? shorten(state.messageId, 300) : null,
    date: state.date,
    replyTo: state.replyTo,
    returnPath: state.returnPath,
    sizeBytes: state.sizeBytes,
    parseWarning: state.parseWarning,
    durationMs: durationMs ?? Math.round((performance.now() - state.startedAt) * 10) / 10,
  };
}
