/**
 * The shapes every analyzer stage shares: the signals a stage adds, the links,
 * attachments and authentication verdicts it reports, the options a caller
 * passes and the finished Analysis. Plain data only, so a worker thread can
 * send any of them to the main thread (structured clone).
 */
export type Risk = "low" | "medium" | "high";
/** What kind of threat the verdict is about (issue 29); "legitimate" whenever the risk is low. */
export type VerdictKind = "phishing" | "scam" | "malware" | "spam" | "legitimate";
export type SignalCategory =
  "authentication" | "sender" | "lookalike" | "links" | "attachments" | "headers" | "language" | "model" | "trust";

export type Signal = {
  id: string;
  category: SignalCategory;
  /** The rule's own strength as its stage reports it (negative for reassuring evidence, 0 for information): the learned layer's input. */
  weight: number;
  message: string;
  /** What it counted for in the verdict's 0-100 score (the learned layer's share, model/combine.ts); set by the score stage. */
  points?: number;
};

/** How a stage reports a signal. */
export type AddSignal = (category: SignalCategory, id: string, weight: number, message: string) => void;

export type AnalyzedLink = {
  href: string;
  /** The text the reader sees (empty for links found in plain text). */
  text: string;
  host: string;
  domain: string;
  issues: string[];
};

export type AnalyzedAttachment = {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  issues: string[];
};

export type AuthVerdict = {
  method: "spf" | "dkim" | "dmarc" | "arc";
  result: string;
  /** "mailauth" when re-verified here, else the server named in Authentication-Results. */
  source: string;
  detail: string;
};

export type Analysis = {
  subject: string;
  sender: string;
  senderName: string;
  risk: Risk;
  score: number;
  kind: VerdictKind;
  /** One line: what the reader should do with a message of this kind. */
  advice: string;
  rationale: string[];
  signals: Signal[];
  links: AnalyzedLink[];
  attachments: AnalyzedAttachment[];
  bodyText: string;
  auth: AuthVerdict[];
  messageId: string | null;
  date: string | null;
  replyTo: string | null;
  returnPath: string | null;
  sizeBytes: number;
  /** Set when the MIME structure could not be parsed and the analysis is best effort. */
  parseWarning: string | null;
  durationMs: number;
  /**
   * The campaign id of an X-Rampart-Simulation header (a Rampart training simulation, issue 34), as the message
   * claims it: phishing.server.ts checks it is one of the organization's campaigns before it believes it.
   */
  simulationCampaign?: string | null;
  /** The relays' IP addresses and host names from the Received: headers (received.ts), for threat hunting. */
  received?: { ips: string[]; hosts: string[] };
};

export type Resolver = (name: string, rrtype: string) => Promise<unknown>;

export type AnalyzeOptions = {
  /** The organization's own registrable domains (lookalikes of these are flagged). */
  orgDomains: string[];
  /** The organization's name(s): a display name using one from elsewhere is impersonation. */
  orgNames?: string[];
  /** Members' addresses: a display name matching a member from another domain is CEO fraud's mark. */
  orgAddresses?: string[];
  /** DNS resolver for mailauth (tests serve records locally). Defaults to a cached system resolver. */
  resolver?: Resolver;
  now?: Date;
  /** Total DNS budget per message in ms (default 2000). */
  dnsBudgetMs?: number;
  /** Time budget for the whole analysis in ms (default 3000): stages not started by then are skipped. */
  deadlineMs?: number;
  /**
   * The text model to use instead of the shipped one (the training script calibrates a model it has not
   * shipped yet). In-process only: the worker pool drops it.
   */
  textModel?: (input: { subject: string; text: string; urls: string[] }) => {
    probability: number;
    topTokens: { token: string; weight: number }[];
  };
  /** Called after each stage with what is known so far (the worker pool keeps it in case the thread must be stopped). */
  onProgress?: (state: AnalysisState) => void;
};

/** The stages, in the order they run. */
export const STAGES = ["parse", "authentication", "sender", "links", "attachments", "language", "score"] as const;
export type StageName = (typeof STAGES)[number];

/**
 * What the analysis knows so far: filled stage by stage, and enough on its own
 * for the score stage to give a verdict if the later stages never run.
 */
export type AnalysisState = {
  subject: string;
  sender: string;
  senderName: string;
  messageId: string | null;
  date: string | null;
  replyTo: string | null;
  returnPath: string | null;
  sizeBytes: number;
  parseWarning: string | null;
  bodyText: string;
  signals: Signal[];
  links: AnalyzedLink[];
  attachments: AnalyzedAttachment[];
  auth: AuthVerdict[];
  /** Stages that finished. */
  done: StageName[];
  /** Facts later stages and the score combine. */
  facts: {
    impersonation: boolean;
    senderLookalike: boolean;
    credentialAsk: boolean;
    dmarcPass: boolean;
    mailingList: boolean;
    /** Scam wording that is not credential phishing (language stage). */
    scam: boolean;
    /** The text model's probability (score stage), null until it ran. */
    modelProbability: number | null;
  };
  startedAt: number;
};
