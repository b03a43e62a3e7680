/**
 * What the shell shows on every page about emergency access: the grants the person holds now ("Emergency access
 * granted by …, ends …"), and, for owners and admins, requests waiting out their wait period (so an owner who
 * signs in during it is told prominently and can still reject). Read from the tenant context the shell already
 * resolved: the grants are its list's `emergency` notes.
 */
import { displayTenantName } from "~/lib/plans";
import type { EmergencyAccessNote } from "~/modules/tenants";
import { pendingRequestsFor } from "./emergency-access.server";
import { LEVEL_TEXT } from "./rules";

export type EmergencyBannerData = {
  // Instants (ms): the banner writes them in the reader's locale and the organization's zone (app/lib/format.ts).
  grants: { organization: string; grantedBy: string; ends: number; level: string; selected: boolean }[];
  pending: { organization: string; contact: string; grantAt: number | null }[];
};

export function emergencyBanner(ctx: {
  user: { id: string };
  tenant: { id: string } | null;
  tenants: { tenantId: string; tenant: { name: string }; role: string; emergency?: EmergencyAccessNote }[];
}): EmergencyBannerData {
  const grants = ctx.tenants.flatMap((t) =>
    t.emergency
      ? [
          {
            organization: displayTenantName(t.tenant.name),
            grantedBy: t.emergency.grantedBy ?? "the organization",
            ends: t.emergency.endsAt,
            level: LEVEL_TEXT[t.emergency.level],
            selected: ctx.tenant?.id === t.tenantId,
          },
        ]
      : [],
  );
  const pending = pendingRequestsFor(
    ctx.user.id,
    ctx.tenants.filter((t) => !t.emergency).map((t) => t.tenantId),
  ).map((p) => ({ organization: p.organization, contact: p.email, grantAt: p.grantAt ?? null }));
  return { grants, pending };
}
