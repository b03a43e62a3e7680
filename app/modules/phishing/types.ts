/**
 * Plain data shapes shared by the phishing pages, the API and the
 * presentational components (which the demo mode renders with simulated
 * items). No server code here, so components can import it.
 */
export type Risk = "low" | "medium" | "high";
export type PhishingStatus = "detected" | "quarantined";
/** What the threat is (issue 29); "legitimate" whenever the risk is low. */
export type VerdictKind = "phishing" | "scam" | "malware" | "spam" | "legitimate";

/** One row of the list: the spec's phishing item, plus score and date when known. */
export type PhishingListItemView = {
  id: string;
  subject: string;
  sender: string;
  risk: Risk;
  /** Absent in the demo mode's simulated items. */
  kind?: VerdictKind;
  status: PhishingStatus;
  rationale: string[];
  score?: number;
  /** Unix milliseconds or an ISO date. */
  createdAt?: number | string;
};

/** `points`: what the signal counted for in the score (absent in verdicts stored before the learned layer). */
export type SignalView = { id: string; category: string; weight: number; message: string; points?: number };
export type LinkView = { href: string; text: string; host: string; domain: string; issues: string[] };
export type AttachmentView = { filename: string; contentType: string; size: number; sha256: string; issues: string[] };
export type AuthView = { method: string; result: string; source: string; detail: string };

export type VerdictDetail = {
  id?: string;
  subject: string;
  sender: string;
  senderName?: string;
  risk: Risk;
  kind?: VerdictKind;
  /** The one line of advice for the kind. */
  advice?: string;
  score: number;
  status?: PhishingStatus;
  rationale: string[];
  /** The same message was analysed before (ISO time of that analysis), and how often its alert was seen. */
  alreadyAnalysed?: { at: string; alertOccurrences: number | null };
  /** The enhanced view's full signal breakdown. */
  detail?: {
    signals: SignalView[];
    links: LinkView[];
    attachments: AttachmentView[];
    auth: AuthView[];
    bodyText: string;
    replyTo: string | null;
    returnPath: string | null;
    date: string | null;
    messageId: string | null;
    durationMs: number;
  };
};

export type PhishingActionData =
  | { ok: true; verdict: VerdictDetail; statusChange?: undefined }
  | { ok: true; statusChange: { id: string; status: PhishingStatus; message: string }; verdict?: undefined }
  | { ok: false; fieldErrors?: Partial<Record<"raw" | "file", string>>; formError?: string };

/** The filters of the message list (isomorphic: the page's and the API's query schemas use them). */
export const RISKS = ["low", "medium", "high"] as const;
export const STATUSES = ["detected", "quarantined"] as const satisfies readonly PhishingStatus[];
