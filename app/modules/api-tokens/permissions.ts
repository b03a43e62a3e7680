/**
 * Who may manage API tokens: owners and admins (issue 14), the roles that may
 * administer the organization in the permission table (app/lib/permissions.ts).
 * The one place to point at a dedicated row should the table get one.
 */
import { can, type Role } from "~/lib/permissions";

export function canManageTokens(role: Role | null | undefined): boolean {
  return can(role, "administer");
}

export const MANAGE_TOKENS_DENIED = "Only owners and admins manage API tokens.";
