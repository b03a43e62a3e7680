import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { DashboardView } from "./dashboard-view";

describe("the dashboard's recent alerts", () => {
  it("say how many times a repeated alert was seen", async () => {
    const element = (
      <DashboardView
        metrics={{
          securityScore: 80,
          activeThreats: 2,
          resolvedIssues: 0,
          darkWebHits: 0,
          phishingDetected: 0,
          anomaliesCount: 0,
        }}
        recentAlerts={[
          {
            id: "a",
            title: "Whoami Execution on WKS-1",
            source: "detection",
            severity: "high",
            createdAt: 0,
            occurrences: 3,
          },
          { id: "b", title: "Once", source: "phishing", severity: "low", createdAt: 0, occurrences: 1 },
        ]}
      />
    );
    const handler = createStaticHandler([{ id: "page", path: "/", element }]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const html = renderToString(
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
    const text = html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ");
    expect(text).toMatch(/Whoami Execution on WKS-1[\s\S]*seen 3 times/);
    expect(text.match(/seen \d+ times/g)).toEqual(["seen 3 times"]);
  });
});
