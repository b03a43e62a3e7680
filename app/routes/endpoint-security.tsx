import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PublicChrome } from "~/components/public-chrome";
import { ModulePage, EmptyState } from "~/components/module-page";
import { RouteErrorContent } from "~/components/error-screens";
import { requireAppRoute } from "~/modules/tenants";

export const meta: MetaFunction = () => [{ title: "Endpoint Security · Rampart" }];

/** Signed-in, outside the shell, and gated by the endpointSecurity feature (pro and up). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, "/endpoint-security");
  return { tenantName: ctx.tenant.displayName };
}

export default function EndpointSecurity() {
  return (
    <PublicChrome signedIn>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <ModulePage path="/endpoint-security">
          <EmptyState>
            No devices are recorded for this organization yet: the device inventory is being built. Until then, check
            that every laptop and phone your team uses has disk encryption, a screen lock and automatic updates turned
            on.
          </EmptyState>
        </ModulePage>
      </div>
    </PublicChrome>
  );
}

export function ErrorBoundary() {
  return (
    <PublicChrome signedIn>
      <div className="px-4 py-6">
        <RouteErrorContent />
      </div>
    </PublicChrome>
  );
}
