import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/shell/app-shell";
import { getTenantContext } from "~/modules/tenants/tenant-context.server";
import { shellData } from "~/modules/tenants/shell.server";
import { PublicChrome } from "~/components/public-chrome";
import { RouteErrorBoundary } from "~/components/error-screens";
import type { HydrationHandle } from "~/lib/hydration";
import { AlertBell, loadBell } from "~/modules/alerts";
import { AccountBanner, loadAccountBanner } from "~/modules/accounts";
import { EmergencyBanner, emergencyBanner } from "~/modules/emergency-access";
import { getTenantTimeZone } from "~/modules/tenants";
import { FormatProvider } from "~/lib/format-context";

/**
 * The sidebar shell: a parent layout whose loader resolves user, selected
 * tenant and effective plan. Signed-out visitors reach this layout only for
 * the landing page and the teaser pages (child loaders redirect everything
 * else to /login); they get the public header and footer instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await getTenantContext(request);
  if (!ctx) return { signedIn: false as const };
  const shell = shellData(ctx, request.headers.get("Cookie"));
  return {
    signedIn: true as const,
    shell,
    bell: loadBell(ctx),
    account: loadAccountBanner(shell.user),
    emergency: emergencyBanner(ctx),
    // Signed-in pages show times in the organization's zone (the one its privacy deadlines count in).
    timeZone: ctx.tenant ? getTenantTimeZone(ctx.tenant.id) : "UTC",
  };
}

/**
 * Signed out, this layout shows the landing page and the teaser pages: documents with links only, which ship no
 * client runtime (app/lib/hydration.ts). Signed in, the shell and its pages hydrate.
 */
export const handle: HydrationHandle = {
  hydrate: (data) => (data as Awaited<ReturnType<typeof loader>> | undefined)?.signedIn === true,
};

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) {
    return (
      <PublicChrome>
        <Outlet />
      </PublicChrome>
    );
  }
  return (
    <FormatProvider settings={{ timeZone: data.timeZone }}>
      <AppShell data={data.shell}>
        {data.bell ? <AlertBell data={data.bell} /> : null}
        <AccountBanner data={data.account} />
        <EmergencyBanner data={data.emergency} />
        <Outlet />
      </AppShell>
    </FormatProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
