/**
 * The /siem-soar page's detection intents besides rule upload: the rule test (analysis, stores nothing: the same
 * "hunt" permission as a retro-hunt) and the placeholder lists (rule management). The route only dispatches.
 */
import type { Role } from "~/lib/permissions";
import { forbidden } from "~/lib/http.server";
import { audit } from "~/modules/audit";
import { latestEvents } from "~/modules/events";
import type { PlaceholderActionData } from "./components/placeholders-section";
import type { RuleTestActionData } from "./components/rule-test-section";
import { can } from "~/modules/permissions";
import { DETECTION_PERMISSION_MESSAGE } from "./permissions";
import { listPlaceholders, parsePlaceholder, removePlaceholder, savePlaceholder } from "./placeholders.server";
import { testRuleOnEvent } from "./rule-test.server";

type Ctx = { tenant: { id: string; role: Role | null | undefined }; user: { id: string } };

export const DETECTION_PAGE_INTENTS = new Set(["test-rule", "placeholder-save", "placeholder-delete"]);

/** What the page shows for these sections. */
export function detectionPageData(tenantId: string, role: Role | null | undefined) {
  const canTest = can(role, "hunt", "run");
  return {
    canTest,
    placeholders: listPlaceholders(tenantId),
    recentEvents: canTest
      ? latestEvents(tenantId, 20).map((e) => ({
          id: e.id,
          label: `${new Date(e.time).toISOString().slice(0, 19).replace("T", " ")} ${e.host ?? ""} ${(e.message ?? "").slice(0, 60)}`,
        }))
      : [],
  };
}

const text = (form: FormData, name: string, max: number) => String(form.get(name) ?? "").slice(0, max);

export function detectionPageAction(ctx: Ctx, form: FormData, intent: string, ip: string | null): Response {
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
