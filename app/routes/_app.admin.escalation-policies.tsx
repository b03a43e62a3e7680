import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { FormField } from "~/components/form-field";
import { limitWrites } from "~/lib/api.server";
import { readForm, domainFieldError } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { createPolicy, deletePolicy, listChannels, listPolicies, type EscalationStep } from "~/modules/alerts";
import { listMembers } from "~/modules/tenants/members.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Escalation policies · Rampart" }];

/** How many step rows the form offers; empty rows are dropped. */
const STEP_ROWS = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  const channels = listChannels(ctx.tenant.id).map((c) => ({ id: c.id, name: c.name }));
  const members = listMembers(ctx.tenant.id).map((m) => ({ id: m.userId, email: m.email }));
  const label = (s: EscalationStep) =>
    [
      ...s.channelIds.map((id) => channels.find((c) => c.id === id)?.name ?? "(deleted channel)"),
      ...s.memberIds.map((id) => members.find((m) => m.id === id)?.email ?? "(former member)"),
    ].join(", ");
  return {
    channels,
    members,
    policies: listPolicies(ctx.tenant.id).map((p) => ({
      id: p.id,
      name: p.name,
      repeatLast: p.repeatLast,
      steps: p.steps.map((s) => ({ notify: label(s), waitMinutes: s.waitMinutes })),
    })),
  };
}

type Result = { errors?: Record<string, string>; message?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    if (!deletePolicy(ctx.tenant.id, String(form.get("id") ?? "").slice(0, 100)))
      throw new Response("Not Found", { status: 404 });
    return { message: "Policy deleted." } satisfies Result;
  }
  const channelIds = new Set(listChannels(ctx.tenant.id).map((c) => c.id));
  const memberIds = new Set(listMembers(ctx.tenant.id).map((m) => m.userId));
  const steps: EscalationStep[] = [];
  for (let i = 0; i < STEP_ROWS; i++) {
    const wait = Number(form.get(`step${i}.wait`) || 0);
    steps.push({
      channelIds: form
        .getAll(`step${i}.channels`)
        .map(String)
        .filter((id) => channelIds.has(id)),
      memberIds: form
        .getAll(`step${i}.members`)
        .map(String)
        .filter((id) => memberIds.has(id)),
      waitMinutes: Number.isFinite(wait) ? Math.trunc(wait) : 0,
    });
  }
  try {
    createPolicy(ctx.tenant.id, {
      name: String(form.get("name") ?? "").slice(0, 200),
      steps,
      repeatLast: Math.trunc(Number(form.get("repeatLast") || 0)),
    });
  } catch (error) {
    const e = domainFieldError(error);
    return data({ errors: { [e.field]: e.message } } satisfies Result, { status: e.status });
  }
  return { message: "Policy added. Use it from an alert rule." } satisfies Result;
}

export default function EscalationPolicies() {
  const d = useLoaderData<typeof loader>();
  const r = useActionResult<typeof action>() as Result | undefined;
  const errors = r?.errors ?? {};
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Escalation policies</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Ordered steps: notify channels or members, wait; if the alert is still unacknowledged, take the next step. The
        last step repeats up to the number of times you choose. Acknowledging stops the escalation, resolving closes it;
        every step taken appears on the alert&apos;s timeline.
      </p>
      {r?.message ? (
        <p role="status" className="card mt-4 text-sm">
          {r.message}
        </p>
      ) : null}
      <section aria-labelledby="policies" className="mt-4">
        <h2 id="policies" className="text-lg font-semibold">
          Policies
        </h2>
        {d.policies.length === 0 ? (
          <p className="card mt-2 text-sm text-ink-muted">No escalation policy yet.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {d.policies.map((p) => (
              <li key={p.id} className="card text-sm">
                <div className="flex items-center gap-2">
                  <h3 className="font-semibold">{p.name}</h3>
                  <span className="text-xs text-ink-muted">last step repeats up to {p.repeatLast}×</span>
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="id" value={p.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className="btn-secondary py-1"
                      aria-label={`Delete ${p.name}`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
                <ol className="mt-1 list-decimal pl-5">
                  {p.steps.map((s, i) => (
                    <li key={i}>
                      Notify {s.notify}; wait {s.waitMinutes} min
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-policy" className="card mt-6">
        <h2 id="new-policy" className="text-lg font-semibold">
          Add a policy
        </h2>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="create" />
          <FormField id="policy-name" name="name" label="Name" required maxLength={100} error={errors.name} />
          {errors.steps ? (
            <p id="policy-steps-error" className="field-error" role="alert">
              {errors.steps}
            </p>
          ) : null}
          {Array.from({ length: STEP_ROWS }, (_, i) => (
            <fieldset
              key={i}
              className="rounded-md border border-slate-200 p-3"
              aria-describedby={errors.steps ? "policy-steps-error" : undefined}
            >
              <legend className="px-1 text-sm font-semibold">
                Step {i + 1}
                {i > 0 ? " (optional)" : ""}
              </legend>
              <div className="flex flex-wrap gap-4">
                {d.channels.map((c) => (
                  <label key={c.id} className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name={`step${i}.channels`} value={c.id} /> {c.name}
                  </label>
                ))}
                {d.members.map((m) => (
                  <label key={m.id} className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name={`step${i}.members`} value={m.id} /> {m.email}
                  </label>
                ))}
              </div>
              <div className="mt-2 max-w-xs">
                <FormField
                  id={`step${i}-wait`}
                  name={`step${i}.wait`}
                  type="number"
                  min={1}
                  max={1440}
                  defaultValue={15}
                  label="Then wait (minutes)"
                />
              </div>
            </fieldset>
          ))}
          <div className="max-w-xs">
            <FormField
              id="policy-repeat"
              name="repeatLast"
              type="number"
              min={0}
              max={10}
              defaultValue={0}
              label="Repeat the last step up to (times)"
              error={errors.repeatLast}
            />
          </div>
          <button type="submit" className="btn-primary">
            Add policy
          </button>
        </Form>
      </section>
    </main>
  );
}
