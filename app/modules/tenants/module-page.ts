import type { AppRouteAccess } from "./app-route.server";

/** What a module page shows before its module stores data: its purpose, and an empty state for a signed-in tenant. */
export function modulePage(access: AppRouteAccess) {
  if (access.teaser) return { teaser: true as const };
  return { teaser: false as const, tenantName: access.ctx.tenant.displayName };
}
