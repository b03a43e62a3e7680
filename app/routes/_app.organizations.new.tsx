import { readForm, domainFieldError } from "~/lib/http.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { FormField } from "~/components/form-field";
import { limitWrites } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { setSelectedTenant } from "~/modules/accounts/session.server";
import { requireUser } from "~/modules/tenants";
import { createTenant, organizationAllowanceForUser } from "~/modules/tenants/tenants.server";
import { CreateOrganizationSchema } from "~/modules/tenants/validation";
import { ORGANIZATION_NAME_HINT } from "~/modules/tenants/limits";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Add Organization · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const allowance = organizationAllowanceForUser(user.id);
  return { reached: allowance.reached, upgradeMessage: allowance.upgradeMessage, label: allowance.label };
}

/** The Add Organization form without JavaScript: same rules as POST /api/tenants. */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const parsed = CreateOrganizationSchema.safeParse({ name: form.get("name") ?? "" });
  if (!parsed.success)
    return data(
      { errors: { name: parsed.error.issues[0]?.message } as Record<string, string | undefined> },
      { status: 400 },
    );
  try {
    const created = createTenant(ctx.user.id, parsed.data.name, { ip: clientIp(context) });
    setSelectedTenant(ctx.session.idHash, created.id);
    return redirect("/dashboard");
  } catch (error) {
    const e = domainFieldError(error);
    return data({ errors: { [e.field]: e.message } as Record<string, string | undefined> }, { status: e.status });
  }
}

export default function NewOrganization() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const errors = result?.errors ?? {};
  return (
    <main id="main" className="max-w-md">
      <h1 className="text-2xl font-bold">Add Organization</h1>
      <p className="mt-1 text-sm text-ink-muted">{d.label}</p>
      {d.reached ? (
        <p className="mt-3 rounded-md bg-warn-light p-3 text-sm text-warn">
          Limit reached. {d.upgradeMessage}{" "}
          <Link to="/pricing" className="underline">
            See plans
          </Link>
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="mt-3 rounded-md bg-danger-light p-3 text-sm text-danger">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="card mt-4 space-y-3" noValidate>
        <FormField
          id="name"
          name="name"
          label="Organization name"
          autoComplete="organization"
          error={errors.name}
          hint={ORGANIZATION_NAME_HINT}
        />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            Create
          </button>
          <Link to="/dashboard" className="btn-secondary no-underline">
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}
