import { describe, expect, it } from "vitest";
import { APP_ROUTES } from "~/lib/app-routes";
import { ACTIVITY_MINUTES } from "./activity.server";
import { REPLACED_TOOLS } from "./tools";

describe("the tools Rampart replaces (issue 31)", () => {
  it("are working modules of the route map, each with an activity that can put it in use", () => {
    expect(REPLACED_TOOLS.map((t) => t.tool)).toEqual([
      "Phishing analysis",
      "Breach and dark-web monitoring",
      "Vulnerability scanning",
      "SIEM and log management",
      "Incident response",
      "Privacy request management",
      "Compliance management",
      "Security awareness training and phishing simulation",
      "Cloud security posture",
      "Network scanning",
      "Endpoint monitoring",
    ]);
    for (const t of REPLACED_TOOLS) {
      const route = APP_ROUTES.find((r) => r.path === t.path);
      // The form names the module as the sidebar does.
      expect(route?.label).toBe(t.module);
      expect(route?.inDevelopment).toBe(false);
      expect(ACTIVITY_MINUTES.some((a) => a.tool === t.key)).toBe(true);
    }
    // No activity points at a tool the form does not list.
    const keys = new Set(REPLACED_TOOLS.map((t) => t.key));
    expect(ACTIVITY_MINUTES.every((a) => keys.has(a.tool))).toBe(true);
  });
});
