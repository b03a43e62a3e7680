import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EnableDeleteActions } from "~/components/ui/row-action";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";
import { badRequest, domainFieldError, forbidden, readForm } from "~/lib/http.server";
import { DETECTION_PERMISSION_MESSAGE } from "~/modules/detection";
import { can } from "~/modules/permissions";
import { importRuleFiles, ruleLibrary, type ImportResult } from "~/modules/detection/library.server";
import { deleteRule, setRuleEnabled } from "~/modules/detection/rules.server";
import { DETECTION_PAGE_INTENTS, detectionPageData } from "~/modules/detection/page.server";
import { parsePlaceholder, removePlaceholder, savePlaceholder } from "~/modules/detection/placeholders.server";
import { testRuleOnEvent } from "~/modules/detection/rule-test.server";

import { RuleTestSection, type RuleTestActionData } from "~/modules/detection/components/rule-test-section";
import { PlaceholdersSection, type PlaceholderActionData } from "~/modules/detection/components/placeholders-section";
import { clientIp } from "~/lib/request.server";
import {
  checkReferences,
  decideRun,
  fieldErrors,
  PLAYBOOK_INTENTS,
  PLAYBOOK_PERMISSION_MESSAGE,
  playbookFromForm,
  playbookSchema,
  PlaybooksSection,
  playbooksPageData,
  type PlaybookActionData,
} from "~/modules/playbooks";
import {
  countPlaybooks,
  createPlaybook,
  deletePlaybook,
  getPlaybook,
  MAX_PLAYBOOKS,
  removeIndicator,
  setPlaybookEnabled,
  updatePlaybook,
} from "~/modules/playbooks/playbooks.server";
import { audit } from "~/modules/audit";
import type { Role } from "~/lib/permissions";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/siem-soar").label} · Rampart` }];

/** The Sigma rule library and the playbooks of the selected organization. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/siem-soar");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const tenantId = access.ctx.tenant.id;
  const editId = new URL(request.url).searchParams.get("edit");
  return {
    rules: ruleLibrary(tenantId),
    canManage: can(access.ctx.tenant.role, "detectionRule", "manage"),
    detection: detectionPageData(tenantId, access.ctx.tenant.role),
    playbooks: playbooksPageData(tenantId, access.ctx.tenant.role, editId ? editId.slice(0, 100) : null),
  };
}

type ActionData =
  | { intent: "upload"; result: ImportResult }
  | { intent: "upload"; error: string }
  | { ok: true }
  | PlaybookActionData
  | RuleTestActionData
  | PlaceholderActionData;

type PlaybookCtx = { tenant: { id: string; role: Role | null | undefined }; user: { id: string; email: string } };

const done = (message: string) => Response.json({ intent: "playbook", message } satisfies PlaybookActionData);

/** The playbook intents of the page: each checks its own role (approving is for owners and admins). */
function playbooksAction(ctx: PlaybookCtx, form: FormData, intent: string, ip: string | null): Response {
  const tenantId = ctx.tenant.id;
  const id = String(form.get("id") ?? "").slice(0, 100);
  if (intent === "run-approve" || intent === "run-reject") {
    try {
      const run = decideRun(
        tenantId,
        id,
        { userId: ctx.user.id, email: ctx.user.email, role: ctx.tenant.role, ip },
        intent === "run-approve" ? "approve" : "reject",
      );
      return done(
        intent === "run-approve"
          ? `Run of “${run.playbookName}” approved: its next steps run now.`
          : `Run of “${run.playbookName}” rejected: its remaining steps were skipped.`,
      );
    } catch (error) {
      const e = domainFieldError(error);
      if (e.status === 403) throw forbidden(e.message);
      return Response.json({ intent: "playbook", message: e.message } satisfies PlaybookActionData, {
        status: e.status,
      });
    }
  }
  if (!can(ctx.tenant.role, "playbook", "manage")) throw forbidden(PLAYBOOK_PERMISSION_MESSAGE.manage);
  const who = { tenantId, userId: ctx.user.id, ip };
  if (intent === "playbook-save") {
    const editId = id || null;
    const values = playbookFromForm(form);
    const parsed = playbookSchema.safeParse(values);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success) Object.assign(errors, checkReferences(tenantId, parsed.data));
    if (!editId && countPlaybooks(tenantId) >= MAX_PLAYBOOKS)
      errors.form = `An organization keeps at most ${MAX_PLAYBOOKS} playbooks`;
    if (editId && !getPlaybook(tenantId, editId)) errors.form = "This playbook no longer exists";
    if (!parsed.success || Object.keys(errors).length)
      return Response.json({ intent: "playbook", errors, values, editId } satisfies PlaybookActionData, {
        status: 400,
      });
    const row = editId
      ? updatePlaybook(tenantId, editId, parsed.data)!
      : createPlaybook(tenantId, parsed.data, ctx.user.id);
    audit({
      ...who,
      action: editId ? "playbook.updated" : "playbook.created",
      detail: { playbookId: row.id, name: row.name },
    });
    return done(`Playbook “${row.name}” ${editId ? "saved" : "created"}.`);
  }
  if (intent === "playbook-enable" || intent === "playbook-disable") {
    const row = setPlaybookEnabled(tenantId, id, intent === "playbook-enable");
    if (!row) return Response.json({ intent: "playbook", message: "No such playbook" }, { status: 404 });
    audit({ ...who, action: `playbook.${row.enabled ? "enabled" : "disabled"}`, detail: { playbookId: row.id } });
    return done(`Playbook “${row.name}” ${row.enabled ? "enabled" : "disabled"}.`);
  }
  if (intent === "playbook-delete") {
    const row = getPlaybook(tenantId, id);
    if (!row || !deletePlaybook(tenantId, id))
      return Response.json({ intent: "playbook", message: "No such playbook" }, { status: 404 });
    audit({ ...who, action: "playbook.deleted", detail: { playbookId: id, name: row.name } });
    return done(`Playbook “${row.name}” deleted.`);
  }
  if (intent === "indicator-remove") {
    if (!removeIndicator(tenantId, id))
      return Response.json({ intent: "playbook", message: "No such indicator" }, { status: 404 });
    audit({ ...who, action: "playbook.indicator_removed", detail: { indicatorId: id } });
    return done("Indicator removed from the watchlist.");
  }
  return Response.json({ intent: "playbook", message: "Unknown action" }, { status: 400 });
}

const text = (form: FormData, name: string, max: number) => String(form.get(name) ?? "").slice(0, max);

/** The rule test and the placeholder intents of the page. */
function detectionPageAction(ctx: PlaybookCtx, form: FormData, intent: string, ip: string | null): Response {
  const tenantId = ctx.tenant.id;
  if (intent === "test-rule") {
    if (!can(ctx.tenant.role, "hunt", "run")) throw forbidden(DETECTION_PERMISSION_MESSAGE.hunt);
    // the pasted event is echoed back into the form: cut to the cap plus one so an oversize paste still reads as one
    const values = {
      ruleId: text(form, "ruleId", 100),
      eventId: text(form, "eventId", 200),
      eventJson: text(form, "eventJson", 256 * 1024 + 1),
    };
    const r = testRuleOnEvent(tenantId, values);
    if (!r.ok)
      return Response.json({ intent: "test-rule", values, errors: r.errors } satisfies RuleTestActionData, {
        status: r.status,
      });
    return Response.json({ intent: "test-rule", values, result: r } satisfies RuleTestActionData);
  }
  if (!can(ctx.tenant.role, "detectionRule", "manage")) throw forbidden(DETECTION_PERMISSION_MESSAGE.manageRules);
  const name = text(form, "name", 100).trim();
  if (intent === "placeholder-delete") {
    const r = removePlaceholder(tenantId, name);
    if (r === null)
      return Response.json(
        { intent: "placeholder", errors: { form: `No placeholder %${name}%.` } } satisfies PlaceholderActionData,
        { status: 404 },
      );
    if ("usedBy" in r)
      return Response.json(
        {
          intent: "placeholder",
          errors: {
            form: `%${name}% is used by ${r.usedBy.map((t) => `“${t}”`).join(", ")}: delete or change those rules first.`,
          },
        } satisfies PlaceholderActionData,
        { status: 409 },
      );
    audit({ action: "detection.placeholder_removed", tenantId, userId: ctx.user.id, ip, detail: { name } });
    return Response.json({ intent: "placeholder", message: `%${name}% removed.` } satisfies PlaceholderActionData);
  }
  const values = { name, values: text(form, "values", 1024 * 1024) };
  const parsed = parsePlaceholder(values.name, values.values);
  const saved = "errors" in parsed ? parsed : savePlaceholder(tenantId, parsed.name, parsed.values);
  if ("errors" in saved)
    return Response.json({ intent: "placeholder", values, errors: saved.errors } satisfies PlaceholderActionData, {
      status: 400,
    });
  const p = parsed as { name: string; values: string[] };
  audit({
    action: "detection.placeholder_saved",
    tenantId,
    userId: ctx.user.id,
    ip,
    detail: { name: p.name, values: p.values.length },
  });
  return Response.json({
    intent: "placeholder",
    message: `%${p.name}% saved with ${p.values.length} value${p.values.length === 1 ? "" : "s"}: rules using it now match these.`,
  } satisfies PlaceholderActionData);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/siem-soar");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  // playbook intents check their own roles (approving is for owners and admins, in the playbooks module)
  if (PLAYBOOK_INTENTS.has(intent)) return playbooksAction(ctx, form, intent, clientIp(context));
  // the rule test needs only analysis rights; placeholders check rule management (detection/page.server.ts)
  if (DETECTION_PAGE_INTENTS.has(intent)) return detectionPageAction(ctx, form, intent, clientIp(context));
  if (!can(ctx.tenant.role, "detectionRule", "manage")) throw forbidden(DETECTION_PERMISSION_MESSAGE.manageRules);
  const tenantId = ctx.tenant.id;
  if (intent === "upload") {
    const files: { name: string; bytes: Uint8Array }[] = [];
    for (const f of form.getAll("files")) {
      if (typeof f === "object" && f && "arrayBuffer" in f && (f as File).name)
        files.push({ name: (f as File).name, bytes: new Uint8Array(await (f as File).arrayBuffer()) });
    }
    const pasted = String(form.get("yaml") ?? "").trim();
    if (pasted) files.push({ name: "pasted rule.yml", bytes: new TextEncoder().encode(pasted) });
    if (files.length === 0)
      return Response.json(
        { intent: "upload", error: "Choose .yml or .zip files, or paste a rule." } satisfies ActionData,
        {
          status: 400,
        },
      );
    const result = importRuleFiles(tenantId, ctx.user.id, files);
    return Response.json({ intent: "upload", result } satisfies ActionData, {
      status: result.added.length === 0 ? 400 : 200,
    });
  }
  const id = String(form.get("id") ?? "");
  if (intent === "enable" || intent === "disable") setRuleEnabled(tenantId, id, intent === "enable");
  else if (intent === "delete") deleteRule(tenantId, id);
  else throw badRequest("Unknown action");
  return Response.json({ ok: true } satisfies ActionData);
}

const LEVELS = ["low", "medium", "high", "critical"] as const;
const isSeverity = (l: string | null): l is (typeof LEVELS)[number] => !!l && (LEVELS as readonly string[]).includes(l);

export default function SiemSoar() {
  const { rules, canManage, playbooks, detection } = useLoaderData<typeof loader>();
  const data = useActionResult<ActionData>();
  const busy = useNavigation().state === "submitting";
  const intl = useFormat();
  const upload = data && "intent" in data && data.intent === "upload" ? data : null;
  const uploadError = upload && "error" in upload ? upload.error : null;
  const result = upload && "result" in upload ? upload.result : null;
  const playbookResult = data && "intent" in data && data.intent === "playbook" ? data : null;
  const testResult = data && "intent" in data && data.intent === "test-rule" ? data : null;
  const placeholderResult = data && "intent" in data && data.intent === "placeholder" ? data : null;
  return (
    <ModulePage path="/siem-soar">
      <section aria-labelledby="library-h" className="space-y-4">
        <h2 id="library-h" className="text-lg font-semibold">
          Rule library
        </h2>
        <p className="text-sm text-ink-muted">
          Detection rules in the{" "}
          <a className="underline" href="https://github.com/SigmaHQ/sigma-specification">
            Sigma format
          </a>
          . Enabled rules run on every event your organization sends; high and critical matches raise alerts.
        </p>
        {canManage ? (
          <Form method="post" encType="multipart/form-data" className="card space-y-3">
            <input type="hidden" name="intent" value="upload" />
            <div>
              <label htmlFor="files" className="label">
                Rule files (.yml, .yaml or a .zip of rules)
              </label>
              <input
                id="files"
                name="files"
                type="file"
                multiple
                accept=".yml,.yaml,.zip"
                className="block text-sm"
                aria-invalid={uploadError ? true : undefined}
                aria-describedby={uploadError ? "upload-error" : undefined}
              />
            </div>
            <div>
              <label htmlFor="yaml" className="label">
                Or paste a rule
              </label>
              <textarea id="yaml" name="yaml" rows={6} className="input font-mono text-xs" spellCheck={false} />
            </div>
            {uploadError ? (
              <p id="upload-error" className="text-sm text-danger" role="alert">
                {uploadError}
              </p>
            ) : null}
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Adding…" : "Add rules"}
            </button>
          </Form>
        ) : null}
        {result ? (
          <div className="card text-sm" role="status" data-testid="upload-result">
            <p>
              {result.added.length} rule{result.added.length === 1 ? "" : "s"} added
              {result.refused.length ? `, ${result.refused.length} refused` : ""}.
            </p>
            {result.refused.length ? (
              <ul className="mt-2 list-disc pl-5">
                {result.refused.map((r) => (
                  <li key={r.file + r.message}>
                    <span className="font-mono">{r.file}</span>: {r.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {rules.length === 0 ? (
          <EmptyState title="No rules yet">
            Upload Sigma rules (for example from SigmaHQ) to start detecting.
          </EmptyState>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="stack-table w-full text-left text-sm">
              <caption className="sr-only">Detection rules</caption>
              <thead>
                <tr className="text-xs text-ink-muted">
                  <th scope="col" className="p-2">
                    Rule
                  </th>
                  <th scope="col" className="p-2">
                    Level
                  </th>
                  <th scope="col" className="p-2">
                    State
                  </th>
                  <th scope="col" className="p-2">
                    Last match
                  </th>
                  <th scope="col" className="p-2">
                    Matches per day (7 days)
                  </th>
                  {canManage ? (
                    <th scope="col" className="p-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rules.map((r) => (
                  <tr key={r.id}>
                    <td className="p-2">
                      <div className="font-medium">{r.title}</div>
                      <div className="text-xs text-ink-muted">
                        {[r.logsource.product, r.logsource.category, r.logsource.service].filter(Boolean).join(" / ")}
                        {r.author ? ` · by ${r.author}` : ""}
                        {r.license ? ` · licence ${r.license}` : ""}
                        {r.references[0] ? (
                          <>
                            {" · "}
                            <a className="underline" href={r.references[0]} rel="noreferrer noopener">
                              reference
                            </a>
                          </>
                        ) : null}
                      </div>
                    </td>
                    <td className="p-2">
                      {isSeverity(r.level) ? (
                        <SeverityBadge level={r.level} />
                      ) : (
                        <StatusBadge>{r.level ?? "none"}</StatusBadge>
                      )}
                    </td>
                    <td className="p-2">
                      <StatusBadge tone={r.enabled ? "ok" : "neutral"}>
                        {r.enabled ? "Enabled" : "Disabled"}
                      </StatusBadge>
                    </td>
                    <td className="p-2">
                      {r.lastMatchAt ? (
                        <time dateTime={r.lastMatchAt}>{intl.formatDateTime(r.lastMatchAt)}</time>
                      ) : (
                        "Never"
                      )}
                    </td>
                    <td className="p-2">{r.matchesPerDay}</td>
                    {canManage ? (
                      <td className="p-2">
                        <div className="flex gap-2">
                          <EnableDeleteActions
                            id={r.id}
                            name={r.title}
                            enabled={r.enabled}
                            intents={{ enable: "enable", disable: "disable", delete: "delete" }}
                          />
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-xs text-ink-muted">
          Rules from SigmaHQ are published under the{" "}
          <a className="underline" href="https://github.com/SigmaHQ/Detection-Rule-License">
            Detection Rule License (DRL) 1.1
          </a>
          , which asks that each rule's author is credited: the author and licence are shown with every rule.
        </p>
      </section>
      {detection.canTest ? (
        <RuleTestSection
          rules={rules.map((r) => ({ id: r.id, title: r.title }))}
          recentEvents={detection.recentEvents}
          data={testResult}
          busy={busy}
        />
      ) : null}
      <PlaceholdersSection
        placeholders={detection.placeholders}
        canManage={canManage}
        data={placeholderResult}
        busy={busy}
      />
      <PlaybooksSection
        data={playbooks}
        rules={rules.map((r) => ({ id: r.id, title: r.title }))}
        result={playbookResult}
      />
    </ModulePage>
  );
}
