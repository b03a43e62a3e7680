import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, describeBars } from "./bar-chart";
import { describeTrend, LineChart } from "./line-chart";

const trend = [
  { label: "Jun 2026", short: "Jun", value: 33 },
  { label: "Jul 2026", short: "Jul", value: 29 },
  { label: "Aug 2026", short: "Aug", value: 16 },
];

describe("LineChart", () => {
  const html = renderToStaticMarkup(
    <LineChart title="Risk trend" points={trend} valueLabel="Risk score" lowerIsBetter />,
  );

  it("is an image with a title and a description that states the change", () => {
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+ [^"]+"/);
    expect(html).toContain("<title");
    expect(html).toContain("From 33 in Jun 2026 to 16 in Aug 2026: down 17 (improving).");
  });

  it("labels every point with its value, so colour is not needed", () => {
    for (const p of trend) expect(html).toMatch(new RegExp(`>${p.value}</text>`));
  });

  it("offers the same numbers as a table inside <details>", () => {
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Show the data as a table/);
    expect(html).toMatch(/<th scope="row"[^>]*>Jun 2026<\/th><td[^>]*>33<\/td>/);
  });

  it("reads a rising risk score as worsening and a rising good score as improving", () => {
    expect(
      describeTrend(
        [
          { label: "A", value: 10 },
          { label: "B", value: 20 },
        ],
        "",
        true,
      ),
    ).toContain("up 10 (worsening)");
    expect(
      describeTrend(
        [
          { label: "A", value: 10 },
          { label: "B", value: 20 },
        ],
        "%",
        false,
      ),
    ).toBe("From 10% in A to 20% in B: up 10 (improving).");
    expect(describeTrend([], "", false)).toBe("No data yet.");
  });

  it("states a change of a plain count (detections per hour) without calling it improving (issue 31)", () => {
    const rising = [
      { label: "A", value: 1 },
      { label: "B", value: 9 },
    ];
    expect(describeTrend(rising, "", undefined)).toBe("From 1 in A to 9 in B: up 8.");
  });
});

describe("BarChart", () => {
  const bars = [
    { label: "High", value: 9, tone: "high" as const },
    { label: "Medium", value: 8, tone: "medium" as const },
    { label: "Low", value: 10, tone: "low" as const },
  ];
  const html = renderToStaticMarkup(
    <BarChart title="Findings by severity" bars={bars} categoryLabel="Severity" valueLabel="Open findings" />,
  );

  it("describes every bar in its text alternative", () => {
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("High: 9, Medium: 8, Low: 10.");
    expect(describeBars([{ label: "HIPAA", value: 94 }], "%")).toBe("HIPAA: 94%.");
  });

  it("draws high and medium with patterns, not colour alone, and writes each value", () => {
    expect(html).toMatch(/fill="url\(#[A-Za-z0-9_-]+-hatch\)"/);
    expect(html).toMatch(/fill="url\(#[A-Za-z0-9_-]+-dots\)"/);
    expect(html).toContain(">High</text>");
    expect(html).toMatch(/>9<!-- -->?<\/text>|>9<\/text>/);
  });

  it("has the data table one click away", () => {
    expect(html).toMatch(/<th scope="col"[^>]*>Severity<\/th><th scope="col"[^>]*>Open findings<\/th>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Medium<\/th><td[^>]*>8<\/td>/);
  });

  it("scales percentages to a fixed maximum", () => {
    const pct = renderToStaticMarkup(
      <BarChart
        title="Compliance"
        bars={[{ label: "HIPAA", value: 50 }]}
        categoryLabel="Framework"
        valueLabel="Score"
        unit="%"
        max={100}
      />,
    );
    // Half of the 192-unit plot width.
    expect(pct).toContain('width="96"');
    expect(pct).toContain("HIPAA: 50%.");
  });
});
