import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { setSelectedTenant } from "~/modules/accounts/session.server";
import { useActionResult } from "~/lib/use-action-result";
import { addAccountNotice } from "~/modules/accounts";
import {
  canManageOrganization,
  deleteOrganization,
  listTenantsForUser,
  renameOrganization,
  requireTenantContext,
  setTwoFactorRequired,
  tenantRequiresTwoFactor,
} from "~/modules/tenants";
import { OrganizationNameSchema } from "~/modules/tenants/validation";

/** Settings → Organization: an owner renames the organization or deletes it with everything in it. */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Organization · Settings · Rampart" }];

export const INTENTS = ["rename-organization", "delete-organization", "two-factor-policy"] as const;
const Intent = z.enum(INTENTS);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return {
    tenant: { name: ctx.tenant.displayName, storedName: ctx.tenant.name },
    canManageOrganization: canManageOrganization(ctx.tenant.role),
    twoFactorRequired: tenantRequiresTwoFactor(ctx.tenant.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const ip = clientIp(context);
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<SettingsResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string | undefined>, status = 400) =>
    data<SettingsResult>({ intent: intent.data, errors }, { status });
  const role = ctx.tenant.role;

  if (intent.data === "two-factor-policy") {
    // Issue 33: owners require two-factor sign-in of every member (the module checks the role and the owner's own).
    const required = form.get("required") === "on";
    try {
      setTwoFactorRequired(ctx.tenant.id, ctx.user.id, required, ip);
    } catch (error) {
      const e = domainFieldError(error);
      return fail({ twoFactorPolicy: e.message }, e.status);
    }
    return data<SettingsResult>({
      intent: intent.data,
      ok: required
        ? "Two-factor sign-in is now required: members without it set it up at their next sign-in."
        : "Two-factor sign-in is no longer required.",
    });
  }
  if (intent.data === "rename-organization") {
    if (!canManageOrganization(role))
      return fail({ organization: "Only an owner of the organization can rename it." }, 403);
    const parsed = OrganizationNameSchema.safeParse(form.get("name") ?? "");
    if (!parsed.success) return fail({ orgName: parsed.error.issues[0]?.message });
    renameOrganization(ctx.tenant.id, ctx.user.id, parsed.data, ip);
    return data<SettingsResult>({ intent: intent.data, ok: `Organization renamed to “${parsed.data}”.` });
  }
  if (!canManageOrganization(role))
    return fail({ organization: "Only an owner of the organization can delete it." }, 403);
  const typed = String(form.get("confirmName") ?? "").slice(0, 200);
  try {
    const gone = deleteOrganization(ctx.tenant.id, ctx.user.id, typed, { ip });
    addAccountNotice(ctx.user.id, `You deleted the organization “${gone.name}” and all its data.`);
  } catch (error) {
    // A wrong confirmation is the confirmation field's error; a refusal (not an owner, gone) is the section's.
    const e = domainFieldError(error);
    return fail(e.status === 400 ? { confirmName: e.message } : { organization: e.message }, e.status);
  }
  // The deleted organization was the selected one: switch to another, or to creating one.
  const next = listTenantsForUser(ctx.user.id)[0];
  setSelectedTenant(ctx.session.idHash, next?.tenantId ?? null);
  return redirect(next ? "/dashboard" : "/organizations/new");
}

export default function SettingsOrganization() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SettingsResult | undefined;
  const busy = useNavigation().state === "submitting";
  const orgErrors = result?.intent === "rename-organization" ? (result.errors ?? {}) : {};
  const deleteErrors = result?.intent === "delete-organization" ? (result.errors ?? {}) : {};
  return (
    <>
      {/* Not labelled by its heading: the sidebar's organization selector is the page's one control labelled "Organization". */}
      <section className="card">
        <h2 id="organization-title" className="text-lg font-semibold">
          Organization
        </h2>
        {d.canManageOrganization ? (
          <>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
              <input type="hidden" name="intent" value="rename-organization" />
              <div className="min-w-0 flex-1">
                <FormField
                  id="org-name"
                  name="name"
                  label="New name"
                  defaultValue={d.tenant.storedName}
                  maxLength={100}
                  error={orgErrors.orgName}
                />
              </div>
              <button type="submit" className="btn-secondary" disabled={busy}>
                Rename
              </button>
            </Form>
            <SettingsNotice result={result} intent="rename-organization" />
            <div className="mt-5 border-t border-slate-100 pt-4">
              <h3 className="font-semibold text-danger">Delete this organization</h3>
              <p className="mt-1 text-sm text-ink-muted">
                Deletes {d.tenant.name} and everything in it (findings, alerts, cases, watched identities, API tokens,
                the audit trail) for every member, at once and for good. The other members are told.
              </p>
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
                <input type="hidden" name="intent" value="delete-organization" />
                <div className="min-w-0 flex-1">
                  <FormField
                    id="confirm-name"
                    name="confirmName"
                    label={`Type “${d.tenant.name}” to confirm`}
                    autoComplete="off"
                    error={deleteErrors.confirmName}
                  />
                </div>
                <button type="submit" className="btn-danger" disabled={busy}>
                  Delete organization
                </button>
              </Form>
              <SettingsNotice result={result} intent="delete-organization" />
            </div>
          </>
        ) : (
          <p className="mt-1 text-sm text-ink-muted">
            {d.tenant.name}: only an owner can rename or delete the organization.
          </p>
        )}
      </section>
      <section aria-labelledby="two-factor-policy-title" className="card">
        <h2 id="two-factor-policy-title" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-sm" data-testid="two-factor-policy">
          {d.twoFactorRequired
            ? "Required: every member signs in with a second factor; members without one set it up at their next sign-in."
            : "Not required: each member chooses (Settings → Security)."}
        </p>
        {d.canManageOrganization ? (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="two-factor-policy" />
            <label className="flex items-center gap-2 text-sm">
              <input
                key={String(d.twoFactorRequired)}
                type="checkbox"
                name="required"
                defaultChecked={d.twoFactorRequired}
              />
              Require two-factor sign-in for all members
            </label>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Save
            </button>
          </Form>
        ) : null}
        <SettingsNotice result={result} intent="two-factor-policy" />
      </section>
    </>
  );
}
