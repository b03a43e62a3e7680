/**
 * The tools Rampart replaces (issue 31, the executive view's cost inputs): one row per working module that does
 * what a company would otherwise buy a product for, keyed by the module's page in the route map
 * (app/lib/app-routes.ts), which gives its name and whether it works. Isomorphic: the cost form's schema and the
 * page read it in the browser too. What each one counts as activity, and the minutes it saves, is in
 * ./activity.server.ts.
 */
import { APP_ROUTES } from "~/lib/app-routes";

const TOOLS = [
  { key: "phishing", path: "/phishing", tool: "Phishing analysis" },
  { key: "dark-web", path: "/dark-web-monitoring", tool: "Breach and dark-web monitoring" },
  { key: "vulnerability", path: "/vulnerability", tool: "Vulnerability scanning" },
  { key: "siem", path: "/logs", tool: "SIEM and log management" },
  { key: "incidents", path: "/incident-response", tool: "Incident response" },
  { key: "privacy", path: "/privacy", tool: "Privacy request management" },
  { key: "compliance", path: "/compliance-monitoring", tool: "Compliance management" },
  { key: "training", path: "/training-management", tool: "Security awareness training and phishing simulation" },
  { key: "cloud", path: "/cloud-security", tool: "Cloud security posture" },
  { key: "network", path: "/network-security", tool: "Network scanning" },
  { key: "endpoint", path: "/endpoint-security", tool: "Endpoint monitoring" },
] as const;

export type ToolKey = (typeof TOOLS)[number]["key"];
export type ReplacedTool = { key: ToolKey; path: string; tool: string; module: string };

/** The replaced tools whose module works (a module still in development replaces nothing), in this order. */
export const REPLACED_TOOLS: readonly ReplacedTool[] = TOOLS.flatMap((t) => {
  const route = APP_ROUTES.find((r) => r.path === t.path);
  return route && !route.inDevelopment ? [{ ...t, module: route.label }] : [];
});

export const TOOL_KEYS = REPLACED_TOOLS.map((t) => t.key);
