/**
 * Issue 32: an alert's title links to the object it is about (the analysed message, the case, the anomaly, the
 * privacy request...). The object is named by the alert's dedupe key, whose first segment each raising module
 * sets (`phishing:<id>`, `incident-sla:<case id>:<kind>`...); this table turns it into the page that shows the
 * object. Isomorphic (plain strings), so the page and the API give the same link. `source-link.test.ts` fails
 * when a module raises alerts under a key prefix this table does not know.
 */

type Rule = (parts: string[]) => string | null;

/** A path segment or fragment made from a stored id: ids are UUIDs, but never trust a key to be one. */
const safe = (id: string | undefined) => (id && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : null);

export const ALERT_LINK_RULES: Record<string, Rule> = {
  // The analysed message's row in the list.
  phishing: ([id]) => (safe(id) ? `/phishing#message-${id}` : "/phishing"),
  // The anomaly in the Logs page's anomaly list.
  anomaly: ([id]) => (safe(id) ? `/logs#anomaly-${id}` : "/logs"),
  // A Sigma detection or a correlation: the rules and playbooks page.
  detection: () => "/siem-soar",
  correlation: () => "/siem-soar",
  playbook: () => "/siem-soar",
  // A case's SLA: the case itself.
  "incident-sla": ([caseId]) => (safe(caseId) ? `/incident-response/${caseId}` : "/incident-response"),
  // An exposure of a watched identity in a breach.
  "dark-web": () => "/dark-web-monitoring",
  // A website finding (one per site and check), a web grade drop raised before findings alerted, a vulnerable
  // dependency.
  "web-finding": ([siteId]) => (safe(siteId) ? `/vulnerability#site-${siteId}` : "/vulnerability"),
  "web-grade-drop": () => "/vulnerability",
  dependencies: () => "/vulnerability",
  "compliance-evidence-expired": () => "/compliance-monitoring",
  // A failing cloud check, an exposed network service, a device failing a policy: the module's page.
  cloud: () => "/cloud-security",
  network: () => "/network-security",
  "endpoint-policy": () => "/endpoint-security",
  // A privacy request's deadline: the request.
  privacy: ([requestId]) => (safe(requestId) ? `/privacy/${requestId}` : "/privacy"),
};

/** Where the alert's source object is shown, or null when the alert names no object a page shows. */
export function alertSourceLink(alert: { dedupeKey: string | null }): string | null {
  if (!alert.dedupeKey) return null;
  const [prefix, ...rest] = alert.dedupeKey.split(":");
  const rule = prefix ? ALERT_LINK_RULES[prefix] : undefined;
  return rule ? rule(rest) : null;
}
