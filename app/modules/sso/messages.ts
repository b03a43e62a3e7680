/**
 * What the sign-in page says after a single sign-on or passkey attempt comes back (`/login?sso=<reason>`): the
 * reasons are codes in the address, the words are here, so a link cannot put its own text on the sign-in page.
 */
export const SSO_NOTICES = {
  "invalid-email": "Enter your work e-mail address to continue with single sign-on.",
  "not-covered":
    "Single sign-on is not set up for that e-mail domain. Sign in with your password or a passkey instead.",
  unreachable: "Your organization's identity provider cannot be reached right now. Try again shortly.",
  expired: "That single sign-on attempt expired or was already used. Start again.",
  refused: "Your identity provider did not sign you in. Start again, or ask your administrator.",
  failed: "Your identity provider's answer could not be verified. Start again, or ask your administrator.",
  domain: "That account's e-mail domain is not covered by your organization's single sign-on.",
  removed: "Single sign-on was removed for your organization. Sign in with your password.",
  "no-origin": "Single sign-on needs the server's public address to be set. Ask the person who runs it.",
  required: "Your organization requires single sign-on: use “Continue with single sign-on” with your work e-mail.",
} as const;

export type SsoNotice = keyof typeof SSO_NOTICES;

export function ssoNotice(code: string | null): string | null {
  return code && Object.hasOwn(SSO_NOTICES, code) ? SSO_NOTICES[code as SsoNotice] : null;
}
