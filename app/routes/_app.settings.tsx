import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { can } from "~/modules/permissions";
import { hasFeature } from "~/lib/plans";
import { useActionResult } from "~/lib/use-action-result";
import { requireTenantContext } from "~/modules/tenants";
import * as account from "./_app.settings._index";
import * as members from "./_app.settings.members";
import * as organization from "./_app.settings.organization";
import * as tokens from "./_app.settings.tokens";
import * as passkeys from "./_app.settings.passkeys";
import * as sso from "./_app.settings.sso";

/**
 * The settings layout: the heading, the sections' navigation and the section page (account, organization,
 * members, API tokens), each a route of its own with its loader and action (issue 27 item 4).
 */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Settings · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const role = ctx.tenant.role;
  return {
    email: ctx.user.email,
    tenant: { name: ctx.tenant.displayName, role },
    // The same two checks the admin layout makes: the plan feature and the role's adminArea × open permission.
    canAdmin: can(role, "adminArea", "open") && hasFeature(ctx.effectivePlan, "adminDashboard"),
  };
}

const SECTIONS = [account, organization, members, tokens, passkeys, sso] as const;

/**
 * Forms posted to /settings itself (the pricing page's trial button, bookmarks, scripts written before the
 * sections had URLs of their own) reach the section that owns their intent; an unknown intent gets the
 * account section's "Unknown action".
 */
export async function action(args: ActionFunctionArgs) {
  let intent = "";
  try {
    intent = String((await args.request.clone().formData()).get("intent") ?? "");
  } catch {
    // Not a form: the section's action answers (signed out first, then the 400).
  }
  const section = SECTIONS.find((s) => (s.INTENTS as readonly string[]).includes(intent)) ?? account;
  return section.action(args);
}

const NAV = [
  { to: "/settings", label: "Account", end: true },
  { to: "/settings/organization", label: "Organization", end: false },
  { to: "/settings/members", label: "Members", end: false },
  { to: "/settings/tokens", label: "API tokens", end: false },
  { to: "/settings/security", label: "Security", end: false },
  { to: "/settings/passkeys", label: "Passkeys", end: false },
  { to: "/settings/sso", label: "Single sign-on", end: false },
];

export default function Settings() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionResult<typeof action>() as SettingsResult | undefined;
  return (
    <main id="main" className="max-w-3xl space-y-8">
      <h1 className="text-2xl font-bold">Settings</h1>
      {d.canAdmin ? (
        <p className="text-sm">
          Audit trail, alert rules and organization settings are in the <Link to="/admin">admin area</Link>.
        </p>
      ) : null}
      <nav aria-label="Settings sections">
        <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 text-sm">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `rounded-md px-3 py-1.5 ${isActive ? "bg-brand-light font-semibold text-brand-dark" : "text-ink-muted hover:text-ink"}`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SettingsNotice result={posted} />
      <Outlet />
    </main>
  );
}
