/**
 * The loader prologue of every app route in the route table: signed-out
 * visitors get the teaser (where one stands) or the redirect to /login;
 * signed-in users get the tenant context after the route's plan feature check
 * (which throws the 403 upgrade answer).
 */
import { appRoute } from "~/lib/app-routes";
import { loginRedirect } from "~/modules/accounts";
import {
  getTenantContext,
  requireTenantContext,
  type RequireOptions,
  type TenantContext,
  type SelectedTenant,
} from "./tenant-context.server";

export type AppRouteAccess =
  { teaser: true; path: string } | { teaser: false; path: string; ctx: TenantContext & { tenant: SelectedTenant } };

export async function loadAppRoute(
  request: Request,
  path: string,
  extra: Omit<RequireOptions, "feature"> = {},
): Promise<AppRouteAccess> {
  const route = appRoute(path);
  const ctx = await getTenantContext(request);
  if (!ctx) {
    if (route.teaser) return { teaser: true, path };
    throw loginRedirect(request);
  }
  return {
    teaser: false,
    path,
    ctx: await requireTenantContext(request, { ...extra, feature: route.feature ?? undefined }),
  };
}

/** For actions: no teaser, just the checks (signed in, tenant, feature). */
export function requireAppRoute(request: Request, path: string, extra: Omit<RequireOptions, "feature"> = {}) {
  return requireTenantContext(request, { ...extra, feature: appRoute(path).feature ?? undefined });
}
