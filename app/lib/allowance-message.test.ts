// Issue 32: nothing says "Upgrade to Pro" to an organization whose effective plan is already Pro or higher.
import { describe, expect, it } from "vitest";
import { allowanceMessageFor, organizationAllowance } from "./plans";

describe("allowanceMessageFor", () => {
  it("keeps the upgrade message while the selected organization is on a lower plan", () => {
    expect(allowanceMessageFor(organizationAllowance("free", 1), "free")).toBe(
      "Upgrade to Pro to create up to 3 organizations",
    );
    expect(allowanceMessageFor(organizationAllowance("pro", 3), "business")).toBe(
      "Upgrade to Enterprise for unlimited organizations",
    );
  });

  it("says where the limit comes from instead, during a trial or in a joined organization on a higher plan", () => {
    for (const plan of ["pro", "business", "enterprise"] as const) {
      const message = allowanceMessageFor(organizationAllowance("free", 1), plan)!;
      expect(message).not.toMatch(/Upgrade to Pro/);
      expect(message).toBe(
        "You own 1 of the 1 organization your own plan allows; a trial or an organization you joined does not raise it.",
      );
    }
    expect(allowanceMessageFor(organizationAllowance("pro", 3), "enterprise")).not.toMatch(/Upgrade to Enterprise/);
  });
});
