/**
 * The words of a data subject request: its types, statuses, channels and
 * verification methods, with their labels, and the status machine
 * pending -> verifying -> in-progress -> completed | rejected. Isomorphic.
 */
import type { JurisdictionId } from "./deadlines";

export const REQUEST_TYPES = ["access", "deletion", "correction", "portability", "objection", "restriction"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const TYPE_LABEL: Record<RequestType, string> = {
  access: "Access",
  deletion: "Deletion",
  correction: "Correction",
  portability: "Portability",
  objection: "Objection / opt-out",
  restriction: "Restriction",
};

/** Other names the laws and people use for the same request (GDPR's erasure, CCPA's opt-out...). */
export const TYPE_ALIASES: Record<string, RequestType> = {
  erasure: "deletion",
  delete: "deletion",
  rectification: "correction",
  "opt-out": "objection",
  optout: "objection",
  "objection/opt-out": "objection",
  "do-not-sell": "objection",
  object: "objection",
  restrict: "restriction",
};

export function normaliseType(value: unknown): RequestType | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if ((REQUEST_TYPES as readonly string[]).includes(v)) return v as RequestType;
  return TYPE_ALIASES[v] ?? null;
}

export const STATUSES = ["pending", "verifying", "in-progress", "completed", "rejected"] as const;
export type RequestStatus = (typeof STATUSES)[number];

export const STATUS_LABEL: Record<RequestStatus, string> = {
  pending: "Pending",
  verifying: "Verifying identity",
  "in-progress": "In progress",
  completed: "Completed",
  rejected: "Rejected",
};

/** The allowed moves. Identity is verified before work starts; a closed request stays closed. */
export const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  pending: ["verifying", "rejected"],
  verifying: ["in-progress", "rejected"],
  "in-progress": ["completed", "rejected"],
  completed: [],
  rejected: [],
};

export const CLOSED: readonly RequestStatus[] = ["completed", "rejected"];
export const isClosed = (s: RequestStatus) => CLOSED.includes(s);

export function canTransition(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export const CHANNELS = ["web-form", "email", "post", "phone", "in-person", "api"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABEL: Record<Channel, string> = {
  "web-form": "Web form",
  email: "E-mail",
  post: "Post",
  phone: "Phone",
  "in-person": "In person",
  api: "API",
};

export const VERIFICATION_METHODS = [
  "email-confirmation",
  "account-sign-in",
  "id-document",
  "knowledge-questions",
  "in-person",
  "authorized-agent",
  "not-required",
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const METHOD_LABEL: Record<VerificationMethod, string> = {
  "email-confirmation": "Confirmed from the e-mail address on file",
  "account-sign-in": "Signed in to their account",
  "id-document": "Identity document checked",
  "knowledge-questions": "Answered questions only they could",
  "in-person": "Seen in person",
  "authorized-agent": "Authorized agent's mandate checked",
  "not-required": "Not required for this request (e.g. opt-out)",
};

export const reference = (n: number) => `DSR-${String(n).padStart(5, "0")}`;

export type TaskView = {
  id: string;
  system: string;
  systemId: string | null;
  status: "open" | "done";
  doneAt: string | null;
};

export type ExtensionView = {
  reason: string;
  notifiedAt: string;
  previousDueDate: string;
  newDueDate: string;
  createdAt: string;
};

/** A request as the API answers it and the pages read it. */
export type PrivacyRequestView = {
  id: string;
  reference: string;
  type: RequestType;
  status: RequestStatus;
  jurisdiction: JurisdictionId;
  channel: Channel;
  requestedAt: string;
  dueDate: string;
  originalDueDate: string;
  completedAt: string | null;
  subjectName: string;
  subjectEmail: string;
  notes: string;
  assignee: { id: string; email: string } | null;
  verification: { method: VerificationMethod; verifiedAt: string } | null;
  rejectionReason: string | null;
  extensions: ExtensionView[];
  extensionsLeft: number;
  tasks: TaskView[];
  /** Calendar days left (tenant time zone); negative when overdue, null once closed. */
  daysRemaining: number | null;
  answeredOnTime: boolean | null;
  createdAt: string;
};

export type HistoryEntry = {
  id: number;
  action: string;
  detail: Record<string, unknown>;
  by: string;
  at: string;
};
