/**
 * The words of the permission vocabulary (decision record docs/decisions/015-permission-table.md): the four
 * roles, the role sets a module picks from, and the shape of an entity × action declaration. The vocabulary
 * itself (which entities exist, which actions each has, who may do them) is declared by each module in its
 * `permissions.ts` and assembled in app/modules/permissions.ts, which answers `can`/`assertCan(role, entity,
 * action)`; the settings page shows that matrix.
 *
 * Isomorphic (no server imports).
 */

export const ROLES = ["owner", "admin", "member", "viewer"] as const;
/** The one Role type: memberships.role in db/schema.ts is typed with it. */
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/**
 * The role sets every declaration picks from. Viewers only view; members also analyse (store findings, send
 * events, work cases); admins and owners change state; owners alone manage roles and the organization.
 */
export const EVERYONE: readonly Role[] = ["owner", "admin", "member", "viewer"];
export const MEMBERS_AND_UP: readonly Role[] = ["owner", "admin", "member"];
export const ADMINS_AND_OWNERS: readonly Role[] = ["owner", "admin"];
export const OWNERS: readonly Role[] = ["owner"];

/** One action on an entity: who may do it and what it covers, in the settings page's words. */
export type ActionRule = { roles: readonly Role[]; label: string };
/** One entity: its name on the settings page and its actions. */
export type EntityRule = { label: string; actions: Record<string, ActionRule> };
/** What a module declares: the entities it owns, each with its actions. */
export type EntityPermissions = Record<string, EntityRule>;

/** Keeps the literal entity and action names, so `can(role, "alert", "triage")` is checked by the compiler. */
export function definePermissions<const T extends EntityPermissions>(declaration: T): T {
  return declaration;
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The roles an owner or admin may hand out in an invitation (owners are made by changing a member's role). */
export const INVITABLE_ROLES = ["admin", "member", "viewer"] as const satisfies readonly Role[];

export const PERMISSION_DENIED = "Your role in this organization does not allow this.";

export class PermissionError extends Error {
  constructor(
    readonly entity: string,
    readonly action: string,
  ) {
    super(PERMISSION_DENIED);
  }
}
