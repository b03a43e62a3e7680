import { AlertOctagon, AlertTriangle, Info, ShieldAlert } from "~/components/ui/icons";

const STYLES = {
  low: { cls: "bg-ok-light text-ok", Icon: Info, label: "Low" },
  medium: { cls: "bg-warn-light text-warn", Icon: AlertTriangle, label: "Medium" },
  high: { cls: "bg-danger-light text-danger", Icon: ShieldAlert, label: "High" },
  critical: { cls: "bg-danger text-white", Icon: AlertOctagon, label: "Critical" },
} as const;

/** Severity or risk, never by colour alone: an icon and the word come with the colour. */
export function SeverityBadge({ level }: { level: keyof typeof STYLES }) {
  const s = STYLES[level];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${s.cls}`}>
      <s.Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {s.label}
    </span>
  );
}

export function StatusBadge({
  children,
  tone = "neutral",
}: {
  children: string;
  tone?: "neutral" | "ok" | "warn" | "danger";
}) {
  const cls = {
    neutral: "bg-surface-sunken text-ink-muted",
    ok: "bg-ok-light text-ok",
    warn: "bg-warn-light text-warn",
    danger: "bg-danger-light text-danger",
  }[tone];
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>{children}</span>
  );
}
