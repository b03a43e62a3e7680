/**
 * On /alerts: the form that opens an incident case from the alerts selected in the table (their checkboxes name
 * this form with the `form` attribute, so the table needs no wrapping form). Posts to /incident-response, which
 * links the alerts, acknowledges them and opens the new case. Works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { DEFAULT_TEMPLATES } from "../templates";

export const OPEN_CASE_FORM_ID = "open-case-from-alerts";

export function OpenCaseFromAlerts() {
  return (
    <Form
      method="post"
      action="/incident-response"
      id={OPEN_CASE_FORM_ID}
      className="flex flex-wrap items-center gap-3"
    >
      <input type="hidden" name="intent" value="from-alerts" />
      <label htmlFor="open-case-template" className="text-sm">
        Playbook
      </label>
      <select id="open-case-template" name="template" className="input w-auto">
        <option value="">No playbook</option>
        {DEFAULT_TEMPLATES.map((t) => (
          <option key={t.key} value={t.key}>
            {t.name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-primary">
        Open an incident case from the selected alerts
      </button>
      <span className="text-xs text-ink-muted">Opening a case acknowledges its alerts.</span>
    </Form>
  );
}

/** The checkbox of one alert row. */
export function AlertCaseCheckbox({ id, title }: { id: string; title: string }) {
  return (
    <input
      type="checkbox"
      name="alertId"
      value={id}
      form={OPEN_CASE_FORM_ID}
      aria-label={`Add ${title} to a new case`}
      className="h-4 w-4"
    />
  );
}
