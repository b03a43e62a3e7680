import type { Contribution } from "~/modules/posture";

/** Password checks run in the browser and store nothing: always stated, never scored (issue 31). */
export function passwordContribution(): Contribution {
  return {
    coverage: {
      module: "password",
      label: "Password Analyzer",
      href: "/password",
      assessed: false,
      since: null,
      statement: "Not assessed: password checks run in your browser and nothing is stored to judge.",
    },
    findings: [],
    actions: [],
  };
}
