/**
 * A horizontal bar chart for shares and counts (findings by severity,
 * compliance by framework). Horizontal bars keep long labels readable at
 * 375 px. Each bar carries its label and value as text, and bars may carry a
 * pattern (hatched for high, dotted for medium) so severity is never told by
 * colour alone.
 */
import { useId } from "react";
import { ChartFrame, svgId } from "./chart-frame";

export type BarTone = "high" | "medium" | "low" | "brand";
export type Bar = { label: string; value: number; tone?: BarTone };

const W = 320;
const ROW = 30;
const LABEL_W = 84;
const VALUE_W = 44;

const FILL: Record<BarTone, string> = {
  high: "#b91c1c",
  medium: "#b45309",
  low: "#166534",
  brand: "#1d4ed8",
};

export function describeBars(bars: Bar[], unit: string) {
  if (bars.length === 0) return "No data yet.";
  return bars.map((b) => `${b.label}: ${b.value}${unit}`).join(", ") + ".";
}

export function BarChart({
  title,
  bars,
  valueLabel,
  categoryLabel,
  unit = "",
  max,
  summary,
  heading,
  className,
}: {
  title: string;
  bars: Bar[];
  /** Column header for the values, e.g. "Open findings". */
  valueLabel: string;
  /** Column header for the categories, e.g. "Severity". */
  categoryLabel: string;
  unit?: string;
  /** Scale maximum (100 for percentages); defaults to the largest value. */
  max?: number;
  /** A sentence to show above the chart; the text alternative always lists every bar. */
  summary?: string;
  heading?: "h2" | "h3";
  className?: string;
}) {
  const rid = useId();
  const titleId = svgId(rid, "title");
  const descId = svgId(rid, "desc");
  const hatch = svgId(rid, "hatch");
  const dots = svgId(rid, "dots");
  const scale = max ?? Math.max(1, ...bars.map((b) => b.value));
  const plotW = W - LABEL_W - VALUE_W;
  const H = bars.length * ROW + 6;
  const described = describeBars(bars, unit);
  const fillFor = (tone: BarTone) =>
    tone === "high" ? `url(#${hatch})` : tone === "medium" ? `url(#${dots})` : FILL[tone];

  return (
    <ChartFrame
      title={title}
      heading={heading}
      summary={summary}
      rowHeaderLabel={categoryLabel}
      rowHeaders={bars.map((b) => b.label)}
      columns={[{ header: valueLabel, cells: bars.map((b) => `${b.value}${unit}`) }]}
      className={className}
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-md"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{described}</desc>
        <defs>
          <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill={FILL.high} />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" strokeWidth="2" />
          </pattern>
          <pattern id={dots} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" fill={FILL.medium} />
            <circle cx="3" cy="3" r="1.2" fill="#ffffff" />
          </pattern>
        </defs>
        {bars.map((b, i) => {
          const w = Math.max(b.value > 0 ? 2 : 0, (Math.min(b.value, scale) / scale) * plotW);
          const top = i * ROW + 4;
          return (
            <g key={b.label}>
              <text x={LABEL_W - 8} y={top + 15} textAnchor="end" fontSize="12" fill="#0f172a">
                {b.label}
              </text>
              <rect x={LABEL_W} y={top + 2} width={plotW} height="18" rx="3" fill="#f1f5f9" />
              <rect
                x={LABEL_W}
                y={top + 2}
                width={w}
                height="18"
                rx="3"
                fill={fillFor(b.tone ?? "brand")}
                stroke={FILL[b.tone ?? "brand"]}
              />
              <text x={W - VALUE_W + 6} y={top + 15} fontSize="12" fontWeight="600" fill="#0f172a">
                {b.value}
                {unit}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
