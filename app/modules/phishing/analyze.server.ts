/**
 * The phishing analyzer: reads one e-mail's raw source (RFC 5322 / MIME) and
 * says how likely it is to be phishing, with a rationale line for every
 * signal so a person can check each one against the message.
 *
 * The work is done in stages, one file each under analyzer/, each tested on
 * its own: parse (and header anomalies) -> authentication -> sender -> links
 * -> attachments -> language -> score. Every stage scans sender-controlled
 * text in linear time (lengths capped first, single-pass scanners where a
 * pattern could backtrack). The whole analysis has a deadline (3 s by
 * default): stages not started by then are skipped and the verdict says so.
 * In the server, analyses run in worker threads (pool.server.ts), so even a
 * slow message never holds up other requests.
 *
 * Nothing here throws for any input: malformed MIME, unknown charsets and
 * huge headers give a best-effort analysis; `looksLikeMessage` lets callers
 * refuse input that is not an e-mail at all.
 */
import { protectedTargets } from "./domains";
import { authenticationVerdicts } from "./analyzer/authentication.server";
import { analyzeAttachments } from "./analyzer/attachments";
import { analyzeLanguage, obfuscationSignals } from "./analyzer/language";
import { analyzeLinks, formAndScriptSignals } from "./analyzer/links";
import { headerAnomalies, headerValue, loadMailLibs, parseMessage } from "./analyzer/parse.server";
import { emptyState, finishAnalysis, textModelSignal } from "./analyzer/score";
import { receivedIndicators } from "./analyzer/received";
import { isBulk, senderSignals } from "./analyzer/sender";
import { plural, stripBracketed } from "./analyzer/text";
import type { AddSignal, Analysis, AnalyzeOptions, StageName } from "./analyzer/types";

export type {
  AddSignal,
  Analysis,
  AnalysisState,
  AnalyzedAttachment,
  AnalyzedLink,
  AnalyzeOptions,
  AuthVerdict,
  Resolver,
  Risk,
  Signal,
  SignalCategory,
  VerdictKind,
} from "./analyzer/types";
export { looksLikeMessage } from "./analyzer/parse.server";
export { HIGH_FROM, MEDIUM_FROM, riskFor, KIND_ADVICE, VERDICT_KINDS } from "./analyzer/score";

/** The default time budget for one message (issue 10: 3 s). */
export const DEFAULT_DEADLINE_MS = 3000;

/** How much DNS waiting a message's deadline allows for: its DNS budget, at most 2 s. */
export function dnsAllowanceMs(opts: Pick<AnalyzeOptions, "dnsBudgetMs">): number {
  return Math.min(opts.dnsBudgetMs ?? 2000, 2000) + 100;
}

export async function analyzeMessage(raw: Buffer | string, opts: AnalyzeOptions): Promise<Analysis> {
  // Loading the mail libraries (once per process or thread) is not the message's time.
  await loadMailLibs();
  const started = performance.now();
  const limitMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
  // Waiting on DNS is not work: the time the authentication stage spends waiting for answers (at most its
  // own DNS budget) is added to the deadline, so a slow resolver does not cut the other checks short.
  let deadline = started + limitMs;
  const now = opts.now ?? new Date();
  const size = typeof raw === "string" ? Buffer.byteLength(raw) : raw.length;
  const state = emptyState(size);
  state.startedAt = started;
  const add: AddSignal = (category, id, weight, message) => state.signals.push({ id, category, weight, message });
  const finished = (stage: StageName) => {
    state.done.push(stage);
    opts.onProgress?.(state);
  };
  const late = () => performance.now() > deadline;
  const targets = protectedTargets(opts.orgDomains);

  // --- Parse ---------------------------------------------------------------
  const msg = await parseMessage(raw);
  Object.assign(state, {
    subject: msg.subject,
    sender: msg.sender,
    senderName: msg.senderName,
    messageId: msg.messageId,
    date: msg.date ? msg.date.toISOString() : null,
    replyTo: msg.replyTo,
    returnPath: msg.returnPath,
    sizeBytes: msg.buf.length,
    parseWarning: msg.parseWarning,
    bodyText: msg.bodyText,
  });
  headerAnomalies(msg, now, add);
  // Not a signal: what threat hunting finds the message by (phishing.server.ts stores them as indicators).
  const received = receivedIndicators(msg.headerLines);
  state.facts.mailingList = isBulk(msg.list);
  finished("parse");

  // --- Authentication --------------------------------------------------------
  if (!late()) {
    const authStarted = performance.now();
    state.auth = await authenticationVerdicts(msg.buf, msg.headerLines, opts, msg.fromInfo, add);
    deadline += Math.min(performance.now() - authStarted, dnsAllowanceMs(opts));
    state.facts.dmarcPass = state.auth.some((a) => a.method === "dmarc" && a.result === "pass");
    finished("authentication");
  }
  const dkimAlignedPass = state.auth.some(
    (a) => a.method === "dkim" && a.result === "pass" && a.detail.includes("; aligned"),
  );

  // --- Sender ----------------------------------------------------------------
  if (!late()) {
    const facts = senderSignals(
      { ...msg, authenticated: state.facts.dmarcPass || dkimAlignedPass, auth: state.auth },
      opts,
      targets,
      add,
    );
    state.facts.impersonation = facts.impersonation;
    state.facts.senderLookalike = !!facts.senderLookalike;
    finished("sender");
  }

  // --- Links -----------------------------------------------------------------
  if (!late()) {
    // A sender authenticated by DMARC that does not imitate anyone may link its own domain through its own tracker.
    const trusted = state.facts.dmarcPass && !state.facts.senderLookalike && !state.facts.impersonation;
    state.links = analyzeLinks(msg.rawLinks, targets, msg.fromInfo, add, trusted);
    formAndScriptSignals(msg.forms, msg.scripts, add);
    finished("links");
  }

  // --- Attachments -------------------------------------------------------------
  if (!late()) {
    state.attachments = analyzeAttachments(msg.parsed?.attachments ?? [], add);
    finished("attachments");
  }

  // --- Language ----------------------------------------------------------------
  if (!late()) {
    obfuscationSignals(msg, add);
    const hits = analyzeLanguage(`${msg.subject}\n${msg.bodyText.slice(0, 50_000)}`, add, {
      bulk: state.facts.mailingList,
    });
    state.facts.credentialAsk = hits.credential;
    state.facts.scam = hits.scam;
    // Image-only messages carry their words in pictures, out of reach of text filters.
    if (msg.html && msg.rawLinks.length) {
      const words = stripBracketed(msg.bodyText).match(/\p{L}{2,}/gu) ?? [];
      if (words.length < 8)
        add(
          "language",
          "little-text",
          10,
          `The message has almost no text (${plural(words.length, "word")}) besides its links and images, a way to keep the wording away from filters.`,
        );
    }
    finished("language");
  }

  // --- Score -------------------------------------------------------------------
  // The text model reads what the language stage read: it runs only when that stage did.
  if (state.done.includes("language") && !late()) {
    textModelSignal(state, add, opts.textModel);
    finished("score");
  }
  const cutShort = state.done.length < 7 ? { limitMs } : undefined;
  const result = finishAnalysis(state, targets, cutShort, Math.round((performance.now() - started) * 10) / 10);
  // A Rampart training simulation names its campaign (capped: it is sender-controlled text).
  const simulation = headerValue(msg.headerLines, "x-rampart-simulation")?.trim().slice(0, 64);
  if (simulation) result.simulationCampaign = simulation;
  result.received = received;
  return result;
}
