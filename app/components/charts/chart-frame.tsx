/**
 * Shared frame for Rampart's charts: a titled figure, the drawing, and the
 * same numbers as a table one click away (a native <details>, so it works
 * without JavaScript and by keyboard). The charts are plain SVG on purpose:
 * three small charts do not justify a chart library in the client bundle.
 */
import type { ReactNode } from "react";

export type ChartColumn = { header: string; cells: (string | number)[] };

export function ChartFrame({
  title,
  heading: Heading = "h2",
  summary,
  rowHeaders,
  rowHeaderLabel,
  columns,
  children,
  className = "",
}: {
  title: string;
  heading?: "h2" | "h3";
  /** One sentence a reader gets instead of the picture; also shown under the chart. */
  summary?: string;
  rowHeaderLabel: string;
  rowHeaders: string[];
  columns: ChartColumn[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <figure className={`card lazy-render min-w-0 [contain-intrinsic-block-size:auto_22rem] ${className}`}>
      <figcaption>
        <Heading className="text-base font-semibold text-ink">{title}</Heading>
        {summary ? <p className="mt-1 text-sm text-ink-muted">{summary}</p> : null}
      </figcaption>
      <div className="mt-3">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand">
          Show the data as a table<span className="sr-only">: {title}</span>
        </summary>
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-slate-200 py-1 pr-4 font-semibold">
                  {rowHeaderLabel}
                </th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className="border-b border-slate-200 py-1 pr-4 font-semibold">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rowHeaders.map((r, i) => (
                <tr key={r}>
                  <th scope="row" className="border-b border-slate-100 py-1 pr-4 font-normal">
                    {r}
                  </th>
                  {columns.map((c) => (
                    <td key={c.header} className="border-b border-slate-100 py-1 pr-4 tabular-nums">
                      {c.cells[i]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** React's useId contains colons, which are awkward inside url(#…) references. */
export const svgId = (reactId: string, suffix: string) => `c${reactId.replace(/[^A-Za-z0-9_-]/g, "")}-${suffix}`;
