/**
 * What /siem-soar needs for playbooks: the loader's data and the form intents (create, edit, enable, disable,
 * delete a playbook; approve or reject a waiting run; remove an indicator from the watchlist). Forms work without
 * JavaScript: a refused form answers 400 with field errors and the values sent.
 */
import type { Role } from "~/lib/permissions";
import { forbidden } from "~/lib/http.server";
import { listChannels } from "~/modules/alerts";
import { audit } from "~/modules/audit";
import { getRule } from "~/modules/detection";
import { can } from "~/modules/permissions";
import { PLAYBOOK_PERMISSION_MESSAGE } from "./permissions";
import {
  countPlaybooks,
  createPlaybook,
  deletePlaybook,
  getPlaybook,
  listIndicators,
  listPlaybooks,
  listRuns,
  MAX_PLAYBOOKS,
  playbookView,
  removeIndicator,
  runView,
  setPlaybookEnabled,
  updatePlaybook,
} from "./playbooks.server";
import { decideRun, PlaybookError } from "./runner.server";
import { fieldErrors, playbookFromForm, playbookSchema } from "./types";

export function playbooksPageData(tenantId: string, role: Role | null | undefined, editId: string | null) {
  const editing = editId ? getPlaybook(tenantId, editId) : undefined;
  return {
    playbooks: listPlaybooks(tenantId).map(playbookView),
    runs: listRuns(tenantId, { limit: 50 }).map(runView),
    indicators: listIndicators(tenantId),
    channels: listChannels(tenantId).map((c) => ({ id: c.id, name: c.name, type: c.type })),
    editing: editing ? playbookView(editing) : null,
    canManage: can(role, "playbook", "manage"),
    canApprove: can(role, "playbook", "approve"),
  };
}
export type PlaybooksPageData = ReturnType<typeof playbooksPageData>;

export type PlaybookActionData =
  | { intent: "playbook"; errors: Record<string, string>; values: unknown; editId: string | null }
  | { intent: "playbook"; message: string; errors?: undefined };

export const PLAYBOOK_INTENTS = new Set([
  "playbook-save",
  "playbook-enable",
  "playbook-disable",
  "playbook-delete",
  "run-approve",
  "run-reject",
  "indicator-remove",
]);

type Ctx = { tenant: { id: string; role: Role | null | undefined }; user: { id: string; email: string } };

const done = (message: string) => Response.json({ intent: "playbook", message } satisfies PlaybookActionData);

export function playbooksAction(ctx: Ctx, form: FormData, intent: string, ip: string | null): Response {
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
    } catch (e) {
      if (!(e instanceof PlaybookError)) throw e;
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

/** The rule and channels a playbook names must be the tenant's own. */
export function checkReferences(
  tenantId: string,
  input: { trigger: { type: string; value: string }; steps: { type: string; channelId?: string }[] },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.trigger.type === "rule" && !getRule(tenantId, input.trigger.value))
    errors.trigger = "Choose a rule from your library";
  const channels = new Set(listChannels(tenantId).map((c) => c.id));
  input.steps.forEach((s, i) => {
    if (s.type === "notify" && !channels.has(s.channelId ?? "")) errors[`steps.${i}`] = "Choose one of your channels";
  });
  return errors;
}
