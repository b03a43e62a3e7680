import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EnableDeleteActions } from "~/components/ui/row-action";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";
import { badRequest, forbidden, readForm } from "~/lib/http.server";
import { DETECTION_PERMISSION_MESSAGE } from "~/modules/detection";
import { can } from "~/modules/permissions";
import { importRuleFiles, ruleLibrary, type ImportResult } from "~/modules/detection/library.server";
import { deleteRule, setRuleEnabled } from "~/modules/detection/rules.server";
import { DETECTION_PAGE_INTENTS, detectionPageAction, detectionPageData } from "~/modules/detection/page.server";
import { RuleTestSection, type RuleTestActionData } from "~/modules/detection/components/rule-test-section";
import { PlaceholdersSection, type PlaceholderActionData } from "~/modules/detection/components/placeholders-section";
import { clientIp } from "~/lib/request.server";
import {
  PLAYBOOK_INTENTS,
  PlaybooksSection,
  playbooksAction,
  playbooksPageData,
  type PlaybookActionData,
} from "~/modules/playbooks";

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
                        <time dateTime={r.lastMatchAt}>{r.lastMatchAt.slice(0, 16).replace("T", " ")}</time>
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
