/**
 * /privacy/data-map: the systems holding personal data (owner, categories,
 * location, retention, the request types each is in scope for), and the form
 * to add one (owners and admins). Removing a system keeps the checklist tasks
 * already made for it.
 */
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { ArrowLeft, Plus, Trash2 } from "~/components/ui/icons";
import { FormField } from "~/components/form-field";
import { REQUEST_TYPES, TYPE_LABEL, type RequestType } from "../types";

type System = {
  id: string;
  name: string;
  owner: string;
  dataCategories: string[];
  location: string;
  retention: string;
  requestTypes: RequestType[];
};
type LoaderData = { systems: System[]; max: number; can: { configure: boolean } };
type ActionData = { intent: string; ok?: string; errors?: Record<string, string> };

export function DataMapPage() {
  const { systems, max, can } = useLoaderData<LoaderData>();
  const action = useActionResult<ActionData>();
  const navigation = useNavigation();
  const errors = action?.intent === "add-system" ? (action.errors ?? {}) : {};
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-system";
  return (
    <main id="main" className="max-w-5xl space-y-6">
      <Link to="/privacy" className="inline-flex items-center gap-1 text-sm underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Privacy Guard
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Data map</h1>
        <p className="mt-2 text-ink-muted">
          The systems that hold personal data. Each new request gets one checklist task per system in scope for its
          type, and cannot be completed while a task is open.
        </p>
      </div>
      {action?.ok ? (
        <p role="status" className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok" data-testid="privacy-flash">
          {action.ok}
        </p>
      ) : null}
      {systems.length ? (
        <div className="relative overflow-x-auto rounded-card border border-slate-200 bg-white">
          <table className="w-full min-w-[720px] text-left text-sm" data-testid="privacy-systems">
            <caption className="sr-only">Systems holding personal data</caption>
            <thead className="bg-surface-sunken text-xs uppercase tracking-wide text-ink-muted">
              <tr>
                {["System", "Owner", "Data categories", "Location", "Retention", "In scope for"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2">
                    {h}
                  </th>
                ))}
                {can.configure ? (
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {systems.map((s) => (
                <tr key={s.id} className="border-t border-slate-100 align-top" data-testid="privacy-system">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {s.name}
                  </th>
                  <td className="px-3 py-2">{s.owner}</td>
                  <td className="px-3 py-2">{s.dataCategories.join(", ")}</td>
                  <td className="px-3 py-2">{s.location}</td>
                  <td className="px-3 py-2">{s.retention}</td>
                  <td className="px-3 py-2">
                    {s.requestTypes.length === REQUEST_TYPES.length
                      ? "Every request type"
                      : s.requestTypes.map((t) => TYPE_LABEL[t]).join(", ")}
                  </td>
                  {can.configure ? (
                    <td className="px-3 py-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-system" />
                        <input type="hidden" name="systemId" value={s.id} />
                        <button type="submit" className="btn-secondary">
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                          Remove<span className="sr-only"> {s.name}</span>
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card text-sm text-ink-muted" data-testid="privacy-systems-empty">
          No systems mapped yet. Add each place personal data lives (your CRM, mailing tool, support desk, backups), so
          every request gets a checklist.
        </p>
      )}
      {can.configure ? (
        <section aria-labelledby="add-heading" className="card">
          <h2 id="add-heading" className="text-lg font-semibold">
            Add a system
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {systems.length} of at most {max} systems.
          </p>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="privacy-system-form">
            <input type="hidden" name="intent" value="add-system" />
            <FormField id="name" name="name" label="System name" maxLength={200} required error={errors.name} />
            <FormField
              id="owner"
              name="owner"
              label="Owner"
              maxLength={200}
              required
              error={errors.owner}
              hint="A person or team."
            />
            <FormField
              id="dataCategories"
              name="dataCategories"
              label="Data categories"
              maxLength={2000}
              required
              error={errors.dataCategories}
              hint="Separated by commas, e.g. name, e-mail, purchase history."
            />
            <FormField
              id="location"
              name="location"
              label="Location"
              maxLength={200}
              required
              error={errors.location}
              hint="Where the data is stored, e.g. EU (Frankfurt)."
            />
            <FormField
              id="retention"
              name="retention"
              label="Retention"
              maxLength={200}
              required
              error={errors.retention}
              hint="How long it is kept, e.g. 2 years after last order."
            />
            <fieldset
              className="sm:col-span-2"
              aria-describedby={errors.requestTypes ? "requestTypes-error" : undefined}
            >
              <legend className="label">In scope for</legend>
              <div className="flex flex-wrap gap-4">
                {REQUEST_TYPES.map((t) => (
                  <label key={t} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="requestTypes" value={t} defaultChecked className="h-4 w-4" />
                    {TYPE_LABEL[t]}
                  </label>
                ))}
              </div>
              {errors.requestTypes ? (
                <p id="requestTypes-error" className="field-error" role="alert">
                  {errors.requestTypes}
                </p>
              ) : null}
            </fieldset>
            {errors.form ? (
              <p className="field-error sm:col-span-2" role="alert">
                {errors.form}
              </p>
            ) : null}
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary" disabled={adding}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {adding ? "Adding..." : "Add system"}
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </main>
  );
}
