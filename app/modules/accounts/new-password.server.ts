/**
 * The check every new password goes through (sign-up and the password change
 * on /settings): the length rules come from the form schema, then the
 * password module's NIST SP 800-63B verdict refuses breached and very weak
 * passwords, with the user's e-mail and organization name as user inputs.
 * Returns the message to show, or null when the password is acceptable.
 */
import { passwordPolicyVerdict } from "~/modules/password";

export async function checkNewPassword(password: string, userInputs: string[]): Promise<string | null> {
  const verdict = passwordPolicyVerdict(password, { userInputs });
  return verdict.ok ? null : verdict.reasons.join(" ");
}
