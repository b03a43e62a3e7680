import { CheckCircle2, Circle, Clock, MinusCircle } from "~/components/ui/icons";
import { STATUS_LABEL, type RequirementStatus } from "../frameworks";

const STYLE: Record<RequirementStatus, { cls: string; Icon: typeof Circle }> = {
  "not-started": { cls: "bg-surface-sunken text-ink-muted", Icon: Circle },
  "in-progress": { cls: "bg-warn-light text-warn", Icon: Clock },
  compliant: { cls: "bg-ok-light text-ok", Icon: CheckCircle2 },
  "not-applicable": { cls: "bg-surface-sunken text-ink-muted", Icon: MinusCircle },
};

/** A requirement's status: icon and word with the colour, never colour alone. */
export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  const { cls, Icon } = STYLE[status];
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {STATUS_LABEL[status]}
    </span>
  );
}

export function AutomaticBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-brand-light px-2 py-0.5 text-xs font-semibold text-brand-dark">
      Automatic
    </span>
  );
}

/** The page's address for a requirement (ids carry spaces, parentheses and dots). */
export const requirementHref = (framework: string, id: string) =>
  `/compliance-monitoring/${encodeURIComponent(framework)}/requirements/${encodeURIComponent(id)}`;
