/**
 * The permission vocabulary: one entity × action matrix, assembled from each module's declaration
 * (app/modules/<name>/permissions.ts, which is also the `permissions` of that module in
 * app/modules/registry.server.ts). `can`/`assertCan(role, entity, action)` answer every permission question of
 * the server, and the settings page shows `permissionRows()`, so the page cannot disagree with the checks.
 *
 * Isomorphic and free of module code: the declarations are leaves, so any module may ask `can` without
 * importing the registry (which imports every module).
 */
import { PermissionError, ROLES, type EntityRule, type Role } from "~/lib/permissions";
import { alertPermissions } from "./alerts/permissions";
import { apiTokenPermissions } from "./api-tokens/permissions";
import { breachPermissions } from "./breach/permissions";
import { cloudPermissions } from "./cloud/permissions";
import { compliancePermissions } from "./compliance/permissions";
import { detectionPermissions } from "./detection/permissions";
import { emergencyAccessPermissions } from "./emergency-access/permissions";
import { eventPermissions } from "./events/permissions";
import { incidentPermissions } from "./incidents/permissions";
import { networkPermissions } from "./network/permissions";
import { phishingPermissions } from "./phishing/permissions";
import { playbookPermissions } from "./playbooks/permissions";
import { privacyPermissions } from "./privacy/permissions";
import { tenantPermissions } from "./tenants/permissions";
import { trainingPermissions } from "./training/permissions";
import { vulnerabilityPermissions } from "./vulnerability/permissions";
import { zeroTrustPermissions } from "./zero-trust/permissions";
import { endpointPermissions } from "./endpoint/permissions";
import { ssoPermissions } from "./sso/permissions";
import { executivePermissions } from "./executive/permissions";

/** Every module's declaration, by module name (the registry's names). */
export const MODULE_PERMISSIONS = {
  tenants: tenantPermissions,
  phishing: phishingPermissions,
  breach: breachPermissions,
  alerts: alertPermissions,
  events: eventPermissions,
  detection: detectionPermissions,
  playbooks: playbookPermissions,
  incidents: incidentPermissions,
  privacy: privacyPermissions,
  compliance: compliancePermissions,
  vulnerability: vulnerabilityPermissions,
  "api-tokens": apiTokenPermissions,
  "zero-trust": zeroTrustPermissions,
  endpoint: endpointPermissions,
  network: networkPermissions,
  cloud: cloudPermissions,
  training: trainingPermissions,
  sso: ssoPermissions,
  "emergency-access": emergencyAccessPermissions,
  executive: executivePermissions,
} as const;

export const PERMISSION_MATRIX = {
  ...tenantPermissions,
  ...phishingPermissions,
  ...breachPermissions,
  ...alertPermissions,
  ...eventPermissions,
  ...detectionPermissions,
  ...playbookPermissions,
  ...incidentPermissions,
  ...privacyPermissions,
  ...compliancePermissions,
  ...vulnerabilityPermissions,
  ...apiTokenPermissions,
  ...zeroTrustPermissions,
  ...endpointPermissions,
  ...networkPermissions,
  ...cloudPermissions,
  ...trainingPermissions,
  ...ssoPermissions,
  ...emergencyAccessPermissions,
  ...executivePermissions,
} as const;

type Matrix = typeof PERMISSION_MATRIX;
export type PermissionEntity = keyof Matrix;
export type PermissionAction<E extends PermissionEntity = PermissionEntity> = E extends PermissionEntity
  ? keyof Matrix[E]["actions"] & string
  : never;
/** One cell of the matrix, as routes name it: `["alert", "triage"]`. */
export type Permission = { [E in PermissionEntity]: readonly [E, PermissionAction<E>] }[PermissionEntity];

function rule(entity: string, action: string) {
  const e = (PERMISSION_MATRIX as Record<string, EntityRule>)[entity];
  const a = e?.actions[action];
  if (!a) throw new Error(`No permission ${entity}.${action} in the matrix`);
  return a;
}

export function can<E extends PermissionEntity>(
  role: Role | null | undefined,
  entity: E,
  action: PermissionAction<E>,
): boolean {
  return !!role && rule(entity, action).roles.includes(role);
}

/** `can` for a cell named as one value (a route's `permission`, a token scope's need). */
export function allows(role: Role | null | undefined, [entity, action]: Permission): boolean {
  return !!role && rule(entity, action).roles.includes(role);
}

/** For module commands: throws PermissionError unless the role may. */
export function assertCan<E extends PermissionEntity>(
  role: Role | null | undefined,
  entity: E,
  action: PermissionAction<E>,
): void {
  if (!can(role, entity, action)) throw new PermissionError(entity, action);
}

/** The roles allowed one cell (the admin layout's list). */
export function rolesThatCan<E extends PermissionEntity>(entity: E, action: PermissionAction<E>): readonly Role[] {
  return rule(entity, action).roles;
}

export type PermissionRow = {
  entity: string;
  action: string;
  entityLabel: string;
  label: string;
  /** Per role, in ROLES order. */
  allowed: Record<Role, boolean>;
};

/** The matrix as the settings page shows it: one row per entity and action, in declaration order. */
export function permissionRows(): PermissionRow[] {
  const rows: PermissionRow[] = [];
  for (const [entity, e] of Object.entries(PERMISSION_MATRIX as Record<string, EntityRule>))
    for (const [action, a] of Object.entries(e.actions))
      rows.push({
        entity,
        action,
        entityLabel: e.label,
        label: a.label,
        allowed: Object.fromEntries(ROLES.map((r) => [r, a.roles.includes(r)])) as Record<Role, boolean>,
      });
  return rows;
}
