/**
 * /incident-response/templates: the tenant's playbook templates, one task per line as "hours | phase | task"
 * (hours from the case's opening). Owners and admins edit them and can reset a shipped one; others read them.
 */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { ArrowLeft } from "~/components/ui/icons";
import { FormField } from "~/components/form-field";
import type { loader as templatesLoader } from "~/routes/_app.incident-response_.templates";

type ActionData = { intent: string; ok?: string; errors?: Record<string, string> };

export function TemplatesPage() {
  const { templates, can } = useLoaderData<typeof templatesLoader>();
  const action = useActionResult<ActionData>();
  return (
    <main id="main" className="max-w-4xl space-y-6">
      <Link to="/incident-response" className="inline-flex items-center gap-1 text-sm underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Incident Response
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Playbook templates</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Written from NIST SP 800-61's phases: preparation; detection and analysis; containment, eradication and
          recovery; post-incident activity. A case opened with a template gets its tasks, due the given hours after
          opening.
        </p>
      </div>
      {templates.map((t) => {
        const key = `save-${t.key}`;
        const errors = action?.intent === key ? (action.errors ?? {}) : {};
        return (
          <section key={t.key} aria-labelledby={`tpl-${t.key}`} className="card space-y-3" data-testid={`tpl-${t.key}`}>
            <h2 id={`tpl-${t.key}`} className="text-lg font-semibold">
              {t.name}
            </h2>
            {(action?.intent === key || action?.intent === `reset-${t.key}`) && action.ok ? (
              <p role="status" className="text-sm text-ok">
                {action.ok}
              </p>
            ) : null}
            {action?.intent === key && errors.form ? (
              <p role="alert" className="text-sm text-danger">
                {errors.form}
              </p>
            ) : null}
            {can.configure ? (
              <>
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="intent" value="save" />
                  <input type="hidden" name="key" value={t.key} />
                  <FormField id={`name-${t.key}`} name="name" label="Name" defaultValue={t.name} error={errors.name} />
                  <div>
                    <label htmlFor={`tasks-${t.key}`} className="label">
                      Tasks (one per line: hours | phase | task)
                    </label>
                    <textarea
                      id={`tasks-${t.key}`}
                      name="tasks"
                      rows={Math.min(12, t.tasks.length + 1)}
                      className="input font-mono text-xs"
                      defaultValue={t.lines}
                      aria-invalid={errors.tasks ? true : undefined}
                      aria-describedby={errors.tasks ? `tasks-${t.key}-error` : undefined}
                    />
                    {errors.tasks ? (
                      <p id={`tasks-${t.key}-error`} className="field-error" role="alert">
                        {errors.tasks}
                      </p>
                    ) : null}
                  </div>
                  <button type="submit" className="btn-secondary">
                    Save {t.name}
                  </button>
                </Form>
                {t.shipped ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reset" />
                    <input type="hidden" name="key" value={t.key} />
                    <button type="submit" className="btn-secondary">
                      Reset {t.name} to the shipped version
                    </button>
                  </Form>
                ) : null}
              </>
            ) : (
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                {t.tasks.map((x, i) => (
                  <li key={i}>
                    {x.title}{" "}
                    <span className="text-ink-muted">
                      ({x.phase}; due after {x.dueHours} h)
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </main>
  );
}
