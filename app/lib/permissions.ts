/**
 * Who may do what in an organization: one role x action table (decision record
 * docs/decisions/015-permission-table.md). Route handlers ask it through
 * requireTenantContext(request, { permission }) and module commands through
 * `can`/`assertCan` with the actor's role, so the rule is written once; the
 * settings page renders the same table.
 *
 * Members analyse and view; admins and owners change state (release mail from
 * quarantine, resolve findings, manage the watchlist, invite people) and read
 * the audit trail (which holds colleagues' e-mail and network addresses);
 * owners alone manage roles, trials and the organization; viewers only view.
 * Isomorphic (no server imports): the settings page shows it in the browser.
 */
import { DomainError } from "./errors";

export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

export const PERMISSION_ACTIONS = [
  "view",
  "analyze",
  "triage",
  "manageWatchlist",
  "manageRecords",
  "readAudit",
  "invite",
  "manageMembers",
  "manageOrganization",
  "administer",
] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** What each action covers, as the settings page words it. */
export const PERMISSION_LABEL: Record<PermissionAction, string> = {
  view: "View dashboards, findings, alerts and reports",
  analyze: "Analyse suspicious e-mails (stored as findings)",
  triage: "Release or quarantine mail, resolve alerts and exposures",
  manageWatchlist: "Add and remove watched e-mail addresses and domains",
  manageRecords: "Change privacy requests, compliance records, watched sites and vulnerability findings",
  readAudit: "Read the audit trail (who did what, from which address)",
  invite: "Invite people and revoke invitations",
  manageMembers: "Change roles and remove members",
  manageOrganization: "Start the organization's trial, rename or delete it",
  administer: "Open the admin area",
};

const TABLE: Record<PermissionAction, readonly Role[]> = {
  view: ["owner", "admin", "member", "viewer"],
  analyze: ["owner", "admin", "member"],
  triage: ["owner", "admin"],
  manageWatchlist: ["owner", "admin"],
  manageRecords: ["owner", "admin"],
  readAudit: ["owner", "admin"],
  invite: ["owner", "admin"],
  manageMembers: ["owner"],
  manageOrganization: ["owner"],
  administer: ["owner", "admin"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null | undefined, action: PermissionAction): boolean {
  return !!role && TABLE[action].includes(role);
}

/** The roles allowed an action (requireTenantContext's `roles`). */
export function rolesThatCan(action: PermissionAction): readonly Role[] {
  return TABLE[action];
}

/** The roles an owner or admin may hand out in an invitation (owners are made by changing a member's role). */
export const INVITABLE_ROLES = ["admin", "member", "viewer"] as const satisfies readonly Role[];

export const PERMISSION_DENIED = "Your role in this organization does not allow this.";

export class PermissionError extends DomainError {
  constructor(readonly action: PermissionAction) {
    super(PERMISSION_DENIED, { status: 403 });
  }
}

/** For module commands: throws PermissionError unless the role may. */
export function assertCan(role: Role | null | undefined, action: PermissionAction): void {
  if (!can(role, action)) throw new PermissionError(action);
}
