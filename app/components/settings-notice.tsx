/**
 * What a /settings form answered: a status line on success, an alert for an error that is not shown next to
 * its field. Shared by the settings pages (app/routes/_app.settings*.tsx).
 */
export type SettingsResult = {
  intent: string;
  ok?: string;
  errors?: Record<string, string | undefined>;
  inviteUrl?: string;
  /** Whether the invitation also went out by e-mail (false: SMTP is not configured). */
  mailed?: boolean;
  token?: string;
};

/** Errors shown next to their field (FormField), not again in the notice. */
const FIELD_ERRORS = ["currentPassword", "newPassword", "orgName", "confirmName", "password", "inviteEmail"];

export function SettingsNotice({ result, intent }: { result: SettingsResult | undefined; intent?: string }) {
  if (!result || (intent !== undefined && result.intent !== intent)) return null;
  if (result.ok)
    return (
      <p role="status" className="mt-3 rounded-md bg-ok-light p-3 text-sm text-ok">
        {result.ok}
      </p>
    );
  const first = Object.values(result.errors ?? {}).find(Boolean);
  return first && !FIELD_ERRORS.some((k) => result.errors?.[k]) ? (
    <p role="alert" className="mt-3 rounded-md bg-danger-light p-3 text-sm text-danger">
      {first}
    </p>
  ) : null;
}
