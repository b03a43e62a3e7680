/**
 * The executive view in the permission vocabulary (app/modules/permissions.ts): everyone with the plan sees the
 * figures; owners and admins enter the tool costs and hourly rate the savings estimate uses.
 */
import { ADMINS_AND_OWNERS, definePermissions } from "~/lib/permissions";

export const executivePermissions = definePermissions({
  executiveCosts: {
    label: "Executive cost inputs",
    actions: { manage: { roles: ADMINS_AND_OWNERS, label: "Enter tool costs and the hourly rate for cost savings" } },
  },
});

export const COSTS_FORBIDDEN = "Only an owner or admin of this organization can change the cost inputs.";
