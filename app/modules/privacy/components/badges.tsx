/**
 * A request's status and its deadline as badges: a word and an icon as well
 * as a colour, never colour alone.
 */
import { AlertOctagon, CheckCircle2, Clock, Hourglass, XCircle } from "~/components/ui/icons";
import { STATUS_LABEL, type RequestStatus } from "../types";

const TONE = {
  neutral: "bg-surface-sunken text-ink-muted",
  ok: "bg-ok-light text-ok",
  warn: "bg-warn-light text-warn",
  danger: "bg-danger-light text-danger",
} as const;

const pill = "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const tone = status === "completed" ? "ok" : status === "rejected" ? "danger" : "neutral";
  return (
    <span className={`${pill} ${TONE[tone]}`} data-status={status}>
      {status === "completed" ? (
        <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
      ) : status === "rejected" ? (
        <XCircle className="h-3.5 w-3.5" aria-hidden="true" />
      ) : (
        <Hourglass className="h-3.5 w-3.5" aria-hidden="true" />
      )}
      {STATUS_LABEL[status]}
    </span>
  );
}

/** "Overdue by 3 days", "Due today", "Due in 5 days", or the on-time verdict of a closed request. */
export function deadlineText(daysRemaining: number | null, answeredOnTime: boolean | null): string {
  if (daysRemaining === null) return answeredOnTime === false ? "Answered late" : "Answered on time";
  if (daysRemaining < 0) return `Overdue by ${-daysRemaining} day${daysRemaining === -1 ? "" : "s"}`;
  if (daysRemaining === 0) return "Due today";
  return `Due in ${daysRemaining} day${daysRemaining === 1 ? "" : "s"}`;
}

export function DeadlineBadge({
  daysRemaining,
  answeredOnTime,
}: {
  daysRemaining: number | null;
  answeredOnTime: boolean | null;
}) {
  const text = deadlineText(daysRemaining, answeredOnTime);
  const tone =
    daysRemaining === null
      ? answeredOnTime === false
        ? "warn"
        : "ok"
      : daysRemaining < 0
        ? "danger"
        : daysRemaining <= 7
          ? "warn"
          : "neutral";
  const Icon = tone === "danger" ? AlertOctagon : tone === "ok" ? CheckCircle2 : Clock;
  return (
    <span className={`${pill} ${TONE[tone]}`} data-deadline={tone}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}
