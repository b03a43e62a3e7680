/**
 * The vocabulary of incident response (isomorphic: the pages use it too). Statuses and their allowed moves follow
 * the NIST SP 800-61 life cycle as TheHive/DFIR-IRIS teams run it: a case is opened, investigated (detection and
 * analysis), contained (containment, eradication and recovery), resolved, then closed with a resolution
 * (post-incident activity). Reopening is allowed from resolved and closed, because a case closed too early is
 * better reopened than copied.
 */
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const STATUSES = ["open", "investigating", "contained", "resolved", "closed"] as const;
export type IncidentStatus = (typeof STATUSES)[number];

export const STATUS_LABEL: Record<IncidentStatus, string> = {
  open: "Open",
  investigating: "Investigating",
  contained: "Contained",
  resolved: "Resolved",
  closed: "Closed",
};

/** Allowed moves; anything else is refused. */
export const TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  open: ["investigating", "contained", "resolved", "closed"],
  investigating: ["contained", "resolved", "closed"],
  contained: ["investigating", "resolved", "closed"],
  resolved: ["investigating", "closed"],
  closed: ["investigating"],
};

export const RESOLUTIONS = ["true-positive", "false-positive", "benign", "duplicate"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RESOLUTION_LABEL: Record<Resolution, string> = {
  "true-positive": "True positive",
  "false-positive": "False positive",
  benign: "Benign",
  duplicate: "Duplicate",
};

export const TLPS = ["clear", "green", "amber", "red"] as const;
export type Tlp = (typeof TLPS)[number];
export const TLP_LABEL: Record<Tlp, string> = {
  clear: "TLP:CLEAR",
  green: "TLP:GREEN",
  amber: "TLP:AMBER",
  red: "TLP:RED",
};

export const OBSERVABLE_TYPES = ["ip", "domain", "url", "email", "hash", "host", "user"] as const;
export type ObservableType = (typeof OBSERVABLE_TYPES)[number];
export const OBSERVABLE_LABEL: Record<ObservableType, string> = {
  ip: "IP address",
  domain: "Domain",
  url: "URL",
  email: "E-mail address",
  hash: "File hash",
  host: "Host",
  user: "User",
};

export const SLA_KINDS = ["ack", "contain", "resolve"] as const;
export type SlaKind = (typeof SLA_KINDS)[number];
export const SLA_LABEL: Record<SlaKind, string> = {
  ack: "Time to acknowledge",
  contain: "Time to contain",
  resolve: "Time to resolve",
};

export type SlaTarget = { severity: Severity; ackMinutes: number; containMinutes: number; resolveMinutes: number };

export const SEVERITY_LABEL: Record<Severity, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

export type TemplateTask = { title: string; phase: string; dueHours: number };
export type Template = { key: string; name: string; tasks: TemplateTask[] };

export const EVIDENCE_MAX_BYTES = 25 * 1024 * 1024;

export function caseReference(n: number) {
  return `IR-${n}`;
}
