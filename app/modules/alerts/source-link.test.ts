// Issue 32: alert titles link to their source object (the message, the case, the anomaly, the request...).
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { setTenantPlan } from "~/modules/tenants";
import * as alertsPage from "~/routes/_app.alerts";
import * as alertApi from "~/routes/api.alerts.active";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { raiseAlertDetailed } from "./index";
import { ALERT_LINK_RULES, alertSourceLink } from "./source-link";

type Fn = (args: unknown) => unknown;

describe("alert source links", () => {
  it("the alerts page links each title to the page showing its object; an alert with no object has no link", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const message = randomUUID();
    const caseId = randomUUID();
    const request = randomUUID();
    raiseAlertDetailed({
      tenantId,
      source: "phishing",
      severity: "high",
      title: "Spoofed bank",
      object: { type: "phishing", id: message },
    });
    raiseAlertDetailed({
      tenantId,
      source: "incident",
      severity: "high",
      title: "Case SLA breached",
      dedupeKey: `incident-sla:${caseId}:ack`,
    });
    raiseAlertDetailed({
      tenantId,
      source: "privacy",
      severity: "high",
      title: "Request overdue",
      dedupeKey: `privacy:${request}:overdue:2026-01-01`,
    });
    raiseAlertDetailed({ tenantId, source: "test", severity: "low", title: "Nothing behind it" });

    const res = await settle(() =>
      (alertsPage.loader as Fn)({ request: req("/alerts", { cookie }), params: {}, context: {} }),
    );
    const body = (await res.json()) as { alerts: { title: string; link: string | null }[] };
    const linkOf = (title: string) => body.alerts.find((a) => a.title === title)?.link;
    expect(linkOf("Spoofed bank")).toBe(`/phishing#message-${message}`);
    expect(linkOf("Case SLA breached")).toBe(`/incident-response/${caseId}`);
    expect(linkOf("Request overdue")).toBe(`/privacy/${request}`);
    expect(linkOf("Nothing behind it")).toBeNull();
  });

  it("the API gives the same link", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const anomaly = randomUUID();
    raiseAlertDetailed({ tenantId, source: "logs", severity: "high", title: "Burst", dedupeKey: `anomaly:${anomaly}` });
    const res = await settle(() =>
      (alertApi.loader as Fn)({ request: req("/api/alerts/active", { cookie }), params: {}, context: {} }),
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).toContain(`"link":"/logs#anomaly-${anomaly}"`);
  });

  it("a key that is not an id makes no link into another path", () => {
    expect(alertSourceLink({ dedupeKey: "phishing:../../admin" })).toBe("/phishing");
    expect(alertSourceLink({ dedupeKey: "incident-sla:x/y:ack" })).toBe("/incident-response");
    expect(alertSourceLink({ dedupeKey: "unknown:1" })).toBeNull();
    expect(alertSourceLink({ dedupeKey: null })).toBeNull();
  });

  it("knows every key prefix a module raises alerts under", () => {
    const prefixes = new Set<string>();
    const files = (readdirSync("app/modules", { recursive: true }) as string[])
      .map((f) => `app/modules/${f}`)
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !f.startsWith("app/modules/alerts/"));
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      if (!/raiseAlert/.test(text)) continue;
      // dedupeKey: `prefix:${...}`, the key builders (alertKey, keyPrefix) and alert objects ({ type: "x", id }).
      for (const m of text.matchAll(/dedupeKey:\s*`([a-z-]+):\$\{/g)) prefixes.add(m[1]!);
      for (const m of text.matchAll(/const (?:alertKey|keyPrefix) = [\s\S]{0,200}?`([a-z-]+):\$\{/g))
        prefixes.add(m[1]!);
      for (const m of text.matchAll(/alertObject = \([^)]*\) => \(\{ type: "([a-z-]+)"/g)) prefixes.add(m[1]!);
    }
    expect([...prefixes].sort()).toEqual(
      expect.arrayContaining(["anomaly", "dependencies", "incident-sla", "phishing", "privacy"]),
    );
    expect([...prefixes].filter((p) => !(p in ALERT_LINK_RULES))).toEqual([]);
  });
});
