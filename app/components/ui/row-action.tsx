import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A one-button form acting on one row of a list (enable, disable, delete...): posts the row's `id` and the
 * action's `intent` to the page's action, so it works without JavaScript. `label` names the row for screen
 * readers, since the visible text ("Delete") is the same on every row.
 */
export function RowAction({
  id,
  intent,
  label,
  children,
}: {
  id: string;
  intent: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className="btn-secondary text-xs" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/**
 * A switchable row's two actions (rules, playbooks): Enable or Disable, then Delete. `intents` names what the
 * page's action expects for each.
 */
export function EnableDeleteActions({
  id,
  name,
  enabled,
  intents,
}: {
  id: string;
  name: string;
  enabled: boolean;
  intents: { enable: string; disable: string; delete: string };
}) {
  return (
    <>
      <RowAction
        id={id}
        intent={enabled ? intents.disable : intents.enable}
        label={`${enabled ? "Disable" : "Enable"} ${name}`}
      >
        {enabled ? "Disable" : "Enable"}
      </RowAction>
      <RowAction id={id} intent={intents.delete} label={`Delete ${name}`}>
        Delete
      </RowAction>
    </>
  );
}
