// Issue 31: the copy about modules comes from one source, the route map (app/lib/app-routes.ts). No plan
// summary, teaser or industry page calls a built module "in development", and the demo shows only
// compliance frameworks the Compliance module can track.
import { describe, expect, it } from "vitest";
import { APP_ROUTES } from "~/lib/app-routes";
import { PLAN_SUMMARY } from "~/lib/plans";
import { FRAMEWORKS } from "~/modules/compliance";
import { generateDemoData } from "~/modules/demo/generator";
import { INDUSTRIES } from "~/modules/marketing/industries";
import { TEASERS } from "~/modules/marketing/teasers";

// A module is named in running text by its label or its label's first word ("privacy", "vulnerability",
// "compliance"); "security" starts several labels and names none of them on its own.
const keywords = (label: string) => {
  const first = label.split(/[\s&/]/)[0].toLowerCase();
  return first === "security" ? [label.toLowerCase()] : [label.toLowerCase(), first];
};

function sentences(value: unknown): string[] {
  return JSON.stringify(value)
    .split(/[.;"]/)
    .map((s) => s.toLowerCase());
}

describe("copy from the route map (issue 31)", () => {
  const built = APP_ROUTES.filter(
    (r) => !r.inDevelopment && r.sidebar && r.path !== "/dashboard" && r.path !== "/settings",
  );

  for (const [name, copy] of Object.entries({ plans: PLAN_SUMMARY, teasers: TEASERS, industries: INDUSTRIES })) {
    it(`${name} never call a built module "in development"`, () => {
      const wrong = sentences(copy).filter(
        (s) =>
          s.includes("in development") &&
          built.some((r) => keywords(r.label).some((k) => new RegExp(`\\b${k.replace(/[^a-z ]/g, ".")}\\b`).test(s))),
      );
      expect(wrong).toEqual([]);
    });
  }

  it("the demo's compliance frameworks are ones the Compliance module tracks", () => {
    // Named as an adopted framework is: its name, with its baseline in parentheses when it has one.
    const tracked = (name: string) => FRAMEWORKS.some((f) => name === f.name || name.startsWith(`${f.name} (`));
    for (const c of generateDemoData().compliance) expect(tracked(c.framework), c.framework).toBe(true);
  });
});
