/**
 * What /siem-soar shows of playbooks, the form intents it takes (create, edit, enable, disable, delete a playbook;
 * approve or reject a waiting run; remove an indicator from the watchlist: handled in app/routes/_app.siem-soar.tsx)
 * and the reference check the form and the API share.
 */
import type { Role } from "~/lib/permissions";
import { listChannels } from "~/modules/alerts";
import { getRule } from "~/modules/detection";
import { can } from "~/modules/permissions";
import { getPlaybook, listIndicators, listPlaybooks, listRuns, playbookView, runView } from "./playbooks.server";

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
