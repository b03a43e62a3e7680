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
