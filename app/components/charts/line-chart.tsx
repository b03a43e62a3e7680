/**
 * A line chart for a trend over time (e.g. the overall risk score by month).
 * Readable without colour: every point carries its value as a label and a
 * marker, the axis is labelled, and the text alternative states the change.
 */
import { useId } from "react";
import { ChartFrame, svgId } from "./chart-frame";

export type LinePoint = {
  /** Long label for the table and the text alternative, e.g. "Jun 2026". */
  label: string;
  /** Short label under the axis, e.g. "Jun"; defaults to label. */
  short?: string;
  value: number;
};

const W = 320;
const H = 180;
// right: room for half of the last point's label, drawn centred like the others.
const PAD = { left: 30, right: 22, top: 22, bottom: 26 };

/** Average advance of a character at font-size 11 in the chart's sans-serif, with room to spare. */
const CHAR_W = 7;
const LABEL_GAP = 6;

/**
 * Every how many points a label is drawn so that no two labels overprint
 * (issue 20: fourteen dates ran into "11-111-121-13"). The SVG scales as a
 * whole, so what fits in the viewBox fits at every width; the last point is
 * always labelled and the table keeps every value.
 */
export function labelStep(texts: string[], plotWidth: number) {
  if (texts.length <= 1) return 1;
  const spacing = plotWidth / (texts.length - 1);
  const widest = Math.max(...texts.map((t) => t.length)) * CHAR_W + LABEL_GAP;
  return Math.max(1, Math.ceil(widest / spacing));
}

/**
 * The sentence a screen-reader user gets instead of the picture. `lowerIsBetter` undefined: a count with no
 * better direction (detections per hour), so a change is stated without "improving" or "worsening".
 */
export function describeTrend(points: LinePoint[], unit: string, lowerIsBetter: boolean | undefined) {
  if (points.length === 0) return "No data yet.";
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length === 1) return `${last.label}: ${last.value}${unit}.`;
  const diff = last.value - first.value;
  const direction = diff === 0 ? "unchanged" : diff < 0 ? `down ${-diff}` : `up ${diff}`;
  const verdict =
    diff === 0 || lowerIsBetter === undefined ? "" : diff < 0 === lowerIsBetter ? " (improving)" : " (worsening)";
  return `From ${first.value}${unit} in ${first.label} to ${last.value}${unit} in ${last.label}: ${direction}${verdict}.`;
}

export function LineChart({
  title,
  points,
  valueLabel,
  unit = "",
  yMax = 100,
  lowerIsBetter,
  heading,
  className,
}: {
  title: string;
  points: LinePoint[];
  /** Column header and axis name, e.g. "Risk score (0–100)". */
  valueLabel: string;
  unit?: string;
  yMax?: number;
  /** true: falling is improving; false: rising is improving; left out: neither (a plain count). */
  lowerIsBetter?: boolean;
  heading?: "h2" | "h3";
  className?: string;
}) {
  const rid = useId();
  const titleId = svgId(rid, "title");
  const descId = svgId(rid, "desc");
  const summary = describeTrend(points, unit, lowerIsBetter);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (v: number) => PAD.top + plotH - (Math.max(0, Math.min(yMax, v)) / yMax) * plotH;
  const ticks = [0, yMax / 2, yMax];
  const n = points.length;
  const tickStep = labelStep(
    points.map((p) => p.short ?? p.label),
    plotW,
  );
  const valueStep = labelStep(
    points.map((p) => `${p.value}`),
    plotW,
  );
  const shown = (i: number, step: number) => (n - 1 - i) % step === 0;
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");

  return (
    <ChartFrame
      title={title}
      heading={heading}
      summary={summary}
      rowHeaderLabel="Period"
      rowHeaders={points.map((p) => p.label)}
      columns={[{ header: valueLabel, cells: points.map((p) => `${p.value}${unit}`) }]}
      className={className}
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-md"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="#e2e8f0"
              strokeDasharray={t === 0 ? undefined : "3 3"}
            />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {t}
            </text>
          </g>
        ))}
        <path d={path} fill="none" stroke="#1d4ed8" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" />
        {points.map((p, i) => (
          <g key={p.label}>
            <circle cx={x(i)} cy={y(p.value)} r="4" fill="#ffffff" stroke="#1d4ed8" strokeWidth="2" />
            {shown(i, valueStep) ? (
              <text x={x(i)} y={y(p.value) - 9} textAnchor="middle" fontSize="11" fontWeight="600" fill="#0f172a">
                {p.value}
              </text>
            ) : null}
            {shown(i, tickStep) ? (
              <text x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="#475569" data-tick="x">
                {p.short ?? p.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </ChartFrame>
  );
}
