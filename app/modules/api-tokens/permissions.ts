/**
 * Who may manage API tokens: owners and admins (issue 14), the roles that may
 * administer the organization in the permission table (app/lib/permissions.ts).
 * The one place to point at a dedicated row should the table get one.
 */
import { can, type PermissionAction, type Role } from "~/lib/permissions";

export function canManageTokens(role: Role | null | undefined): boolean {
  return can(role, "administer");
}

export const MANAGE_TOKENS_DENIED = "Only owners and admins manage API tokens.";

/**
 * What each scope needs of the token's creator (issue 26): a token never does more than the person who made it
 * may still do in the organization. Reading needs "view"; sending events needs what sending them with a session
 * needs ("analyze", app/modules/events/permissions.ts). A token stops working, and is revoked, when its creator
 * leaves the organization, deletes their account, or is given a role below one of its scopes.
 */
export const SCOPE_NEEDS: Record<"read" | "events:write", PermissionAction> = {
  read: "view",
  "events:write": "analyze",
};

export function roleCoversScopes(role: Role | null | undefined, scopes: readonly string[]): boolean {
  return scopes.every((s) => s in SCOPE_NEEDS && can(role, SCOPE_NEEDS[s as keyof typeof SCOPE_NEEDS]));
}
