/**
 * A case's status, TLP and SLA state as badges: a word and an icon as well as a colour, never colour alone.
 */
import { AlertOctagon, CheckCircle2, Clock, Hourglass, ShieldCheck } from "~/components/ui/icons";
import { RESOLUTION_LABEL, STATUS_LABEL, TLP_LABEL, type IncidentStatus, type Resolution, type Tlp } from "../types";

const pill = "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";
const TONE = {
  neutral: "bg-surface-sunken text-ink-muted",
  ok: "bg-ok-light text-ok",
  warn: "bg-warn-light text-warn",
  danger: "bg-danger-light text-danger",
} as const;

export function CaseStatusBadge({ status, resolution }: { status: IncidentStatus; resolution?: Resolution | null }) {
  const done = status === "resolved" || status === "closed";
  const Icon = done ? CheckCircle2 : status === "contained" ? ShieldCheck : Hourglass;
  return (
    <span className={`${pill} ${TONE[done ? "ok" : "neutral"]}`} data-status={status}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {STATUS_LABEL[status]}
      {resolution ? ` · ${RESOLUTION_LABEL[resolution]}` : ""}
    </span>
  );
}

export function TlpBadge({ tlp }: { tlp: Tlp }) {
  const tone = tlp === "red" ? "danger" : tlp === "amber" ? "warn" : tlp === "green" ? "ok" : "neutral";
  return <span className={`${pill} ${TONE[tone]} font-mono`}>{TLP_LABEL[tlp]}</span>;
}

export function BreachBadge({ labels }: { labels: string[] }) {
  if (!labels.length)
    return (
      <span className={`${pill} ${TONE.neutral}`}>
        <Clock className="h-3.5 w-3.5" aria-hidden="true" />
        Within targets
      </span>
    );
  return (
    <span className={`${pill} ${TONE.danger}`} data-testid="sla-breach">
      <AlertOctagon className="h-3.5 w-3.5" aria-hidden="true" />
      Missed: {labels.join(", ")}
    </span>
  );
}

/** A duration in minutes, hours or days, its number written by `formatNumber` (the page's locale). */
export function formatDuration(ms: number | null, formatNumber: (n: number) => string = String): string {
  if (ms == null) return "—";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${formatNumber(minutes)} min`;
  const hours = ms / 3_600_000;
  if (hours < 48) return `${formatNumber(Math.round(hours * 10) / 10)} h`;
  return `${formatNumber(Math.round((hours / 24) * 10) / 10)} d`;
}
