import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { StatusBadge } from "~/components/ui/severity-badge";
import { limitWrites } from "~/lib/api.server";
import { readForm, domainFieldError } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { channelDeliveries, createChannel, deleteChannel, listChannels, queueTestMessage } from "~/modules/alerts";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Notification channels · Rampart" }];

const iso = (n: number | null) => (n ? new Date(n).toISOString() : null);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  return {
    channels: listChannels(ctx.tenant.id).map((c) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      status: c.status,
      target:
        c.type === "webhook"
          ? `${String((c.config as { url?: string }).url)}${(c.config as { format?: string }).format === "slack" ? " (Slack format)" : ""}`
          : c.type === "email"
            ? ((c.config as { recipients?: string[] }).recipients ?? []).join(", ")
            : "Owners and admins, in the bell",
      deliveries: channelDeliveries(ctx.tenant.id, c.id, 10).map((d) => ({
        id: d.id,
        eventType: d.eventType,
        status: d.status,
        createdAt: iso(d.createdAt)!,
        nextAttemptAt: d.status === "pending" ? iso(d.nextAttemptAt) : null,
        attempts: d.attemptLog.map((a) => ({
          attempt: a.attempt,
          ok: a.ok,
          statusCode: a.statusCode,
          error: a.error,
          durationMs: a.durationMs,
          at: iso(a.createdAt)!,
        })),
      })),
    })),
  };
}

const CreateForm = z.object({
  type: z.enum(["email", "webhook", "in_app"], { error: "Choose a channel type" }),
  name: z.string().trim().min(1, "Give the channel a name").max(100, "Up to 100 characters"),
  url: z.string().max(2000).optional(),
  format: z.enum(["standard", "slack"]).optional(),
  recipients: z.string().max(5000).optional(),
});

type ActionResult = { ok: boolean; secret?: string; message?: string; errors?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const channelId = String(form.get("channelId") ?? "").slice(0, 100);
  if (intent === "test") {
    const queued = queueTestMessage(ctx.tenant.id, channelId, ctx.user.email);
    if (!queued) throw new Response("Not Found", { status: 404 });
    return { ok: true, message: "Test message queued; its delivery appears below." } satisfies ActionResult;
  }
  if (intent === "delete") {
    if (!deleteChannel(ctx.tenant.id, channelId)) throw new Response("Not Found", { status: 404 });
    return { ok: true, message: "Channel deleted." } satisfies ActionResult;
  }
  const parsed = CreateForm.safeParse({
    type: form.get("type") ?? undefined,
    name: form.get("name") ?? "",
    url: form.get("url") ?? undefined,
    format: form.get("format") || undefined,
    recipients: form.get("recipients") ?? undefined,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.error.issues) errors[String(i.path[0] ?? "form")] ??= i.message;
    return data({ ok: false, errors } satisfies ActionResult, { status: 400 });
  }
  try {
    const created = await createChannel(
      ctx.tenant.id,
      {
        ...parsed.data,
        recipients: (parsed.data.recipients ?? "").split(/[\s,;]+/).filter(Boolean),
      },
      ctx.user.id,
    );
    return {
      ok: true,
      secret: created.secret,
      message: `Channel "${parsed.data.name}" created.`,
    } satisfies ActionResult;
  } catch (error) {
    const e = domainFieldError(error);
    return data({ ok: false, errors: { [e.field]: e.message } } satisfies ActionResult, { status: e.status });
  }
}

export default function NotificationChannels() {
  const intl = useFormat();
  const { channels } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Notification channels</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Where alert rules and escalation policies send alerts: e-mail (the server&apos;s SMTP settings), signed webhooks
        (Standard Webhooks, or Slack-compatible) and the in-app bell. Failed deliveries are retried for 24 hours.
      </p>
      {result?.message ? (
        <div role="status" className="card mt-4 border-ok text-sm">
          <p>{result.message}</p>
          {result.secret ? (
            <p className="mt-2">
              Signing secret (shown once, copy it now):{" "}
              <code data-testid="webhook-secret" className="break-all">
                {result.secret}
              </code>
            </p>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="new-channel" className="card mt-4">
        <h2 id="new-channel" className="text-lg font-semibold">
          Add a channel
        </h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor="channel-type" className="label">
              Type
            </label>
            <select
              id="channel-type"
              name="type"
              className="input"
              aria-invalid={errors.type ? true : undefined}
              aria-describedby={errors.type ? "channel-type-error" : undefined}
            >
              <option value="in_app">In-app (bell)</option>
              <option value="email">E-mail</option>
              <option value="webhook">Webhook</option>
            </select>
            {errors.type ? (
              <p id="channel-type-error" className="field-error" role="alert">
                {errors.type}
              </p>
            ) : null}
          </div>
          <FormField id="channel-name" name="name" label="Name" required maxLength={100} error={errors.name} />
          <FormField
            id="channel-url"
            name="url"
            label="Webhook URL"
            type="url"
            placeholder="https://hooks.example.com/rampart"
            hint="Webhooks only. Private and loopback addresses are refused."
            error={errors.url}
          />
          <div>
            <label htmlFor="channel-format" className="label">
              Webhook format
            </label>
            <select id="channel-format" name="format" className="input">
              <option value="standard">Standard Webhooks (JSON, signed)</option>
              <option value="slack">Slack / Mattermost ({"{ text, blocks }"})</option>
            </select>
          </div>
          <FormField
            id="channel-recipients"
            name="recipients"
            label="E-mail recipients"
            placeholder="soc@example.com, oncall@example.com"
            hint="E-mail only. Separate addresses with commas."
            error={errors.recipients}
          />
          <div className="flex items-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              Add channel
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="channels" className="mt-6">
        <h2 id="channels" className="text-lg font-semibold">
          Channels
        </h2>
        {channels.length === 0 ? (
          <p className="card mt-2 text-sm text-ink-muted">
            No channel yet. Add one above, then route alerts to it in Alert rules.
          </p>
        ) : (
          <ul className="mt-2 space-y-4">
            {channels.map((c) => (
              <li key={c.id} className="card" data-testid="channel">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold">{c.name}</h3>
                  <StatusBadge tone="neutral">{c.type === "in_app" ? "in-app" : c.type}</StatusBadge>
                  <StatusBadge tone={c.status === "failing" ? "danger" : "ok"}>
                    {c.status === "failing" ? "Failing" : "Working"}
                  </StatusBadge>
                  <span className="break-all text-xs text-ink-muted">{c.target}</span>
                  <span className="ml-auto flex gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="test" />
                      <input type="hidden" name="channelId" value={c.id} />
                      <button
                        type="submit"
                        className="btn-secondary py-1"
                        aria-label={`Send a test message to ${c.name}`}
                      >
                        Send test
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="channelId" value={c.id} />
                      <button type="submit" className="btn-secondary py-1" aria-label={`Delete ${c.name}`}>
                        Delete
                      </button>
                    </Form>
                  </span>
                </div>
                {c.deliveries.length === 0 ? (
                  <p className="mt-2 text-xs text-ink-muted">No deliveries yet.</p>
                ) : (
                  <div className="mt-2 overflow-x-auto">
                    <table className="w-full text-left text-xs">
                      <caption className="sr-only">Recent deliveries to {c.name}</caption>
                      <thead className="text-ink-muted">
                        <tr>
                          <th className="p-1">Event</th>
                          <th className="p-1">Queued</th>
                          <th className="p-1">Status</th>
                          <th className="p-1">Attempts</th>
                        </tr>
                      </thead>
                      <tbody>
                        {c.deliveries.map((d) => (
                          <tr key={d.id} className="align-top">
                            <td className="p-1">{d.eventType}</td>
                            <td className="p-1">
                              <time dateTime={d.createdAt}>{intl.formatDateTime(d.createdAt, { seconds: true })}</time>
                            </td>
                            <td className="p-1">
                              {d.status}
                              {d.nextAttemptAt ? ` (next try ${d.nextAttemptAt.slice(11, 19)} UTC)` : ""}
                            </td>
                            <td className="p-1">
                              <ol className="space-y-0.5">
                                {d.attempts.map((a) => (
                                  <li key={a.attempt}>
                                    #{a.attempt} {a.ok ? "delivered" : "failed"}
                                    {a.statusCode ? ` · HTTP ${a.statusCode}` : ""} · {a.durationMs} ms
                                    {a.error ? ` · ${a.error}` : ""}
                                  </li>
                                ))}
                              </ol>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
