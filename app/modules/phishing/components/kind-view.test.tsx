// Issue 29: the page shows the verdict's kind beside the risk, and the one line of advice for that kind.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KIND_ADVICE } from "../analyzer/score";
import { PhishingVerdict } from "./phishing-verdict";

describe("verdict view (issue 29)", () => {
  it("shows the kind next to the risk and the advice for that kind", () => {
    const html = renderToStaticMarkup(
      <PhishingVerdict
        verdict={{
          subject: "Ihr 500€ Gutschein wartet",
          sender: "info@treue-aktion24.shop",
          risk: "medium",
          kind: "scam",
          advice: KIND_ADVICE.scam,
          score: 41,
          rationale: ["It has the wording of gift-card and reward scams."],
        }}
      />,
    );
    expect(html).toMatch(/data-kind="scam"[^>]*>Scam</);
    expect(html).toContain("Do not reply, pay or send personal details");
    // The kind sits in the same header row as the risk badge.
    const header = html.slice(0, html.indexOf("Score 41/100"));
    expect(header).toContain("Scam");
  });
});
