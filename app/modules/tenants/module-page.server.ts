import { loadAppRoute } from "./app-route.server";

/** Loader for a module page that shows its purpose and an empty state until its module stores data. */
export async function moduleLoader(request: Request, path: string) {
  const access = await loadAppRoute(request, path);
  if (access.teaser) return { teaser: true as const };
  return { teaser: false as const, tenantName: access.ctx.tenant.displayName };
}
