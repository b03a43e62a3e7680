/**
 * What to do about each kind of exposed data (HIBP data class names), shown on
 * the public breach check and in dark web monitoring. The advice follows the
 * usual incident guidance (NCSC "data breaches: guidance for individuals",
 * FTC IdentityTheft.gov): change what can be changed, add a second factor,
 * watch for the fraud the data enables. Isomorphic (no server code).
 */

type Advice = { match: RegExp; text: string };

const ADVICE: Advice[] = [
  {
    match: /^(passwords|historical passwords|password hints)$/i,
    text: "Change the password of this account and of every other account where you used the same or a similar one, use a password manager, and turn on multi-factor authentication.",
  },
  {
    match: /^(auth tokens|pins)$/i,
    text: "Sign out of all sessions, change your PIN or password, and turn on multi-factor authentication.",
  },
  {
    match: /^security questions and answers$/i,
    text: "Change the security answers everywhere you used them; treat them like passwords (random answers kept in a password manager).",
  },
  {
    match: /^(credit cards|partial credit card data|credit card cvv)$/i,
    text: "Ask your bank to replace the card, and check your statements for payments you do not recognise.",
  },
  {
    match: /^bank account numbers$/i,
    text: "Tell your bank, watch your statements, and be wary of direct debits you did not set up.",
  },
  {
    match: /^(government issued ids|social security numbers|passport numbers)$/i,
    text: "Consider a credit freeze or fraud alert with the credit agencies, and report the document as compromised to its issuer if they offer it.",
  },
  {
    match: /^(email addresses)$/i,
    text: "Expect more phishing and spam to this address: be wary of messages that mention this service or ask you to sign in.",
  },
  {
    match: /^(phone numbers)$/i,
    text: "Expect scam calls and text messages; ask your carrier for a SIM-swap lock (a port-out PIN) and prefer an authenticator app over SMS codes.",
  },
  {
    match: /^(physical addresses|dates of birth|names|geographic locations)$/i,
    text: "Watch for identity fraud: letters or accounts you did not open, and callers who know your details to sound legitimate.",
  },
  {
    match: /^(usernames)$/i,
    text: "Attackers will try this username elsewhere: make sure no account that uses it shares a password with this service.",
  },
  {
    match: /^(ip addresses|device information)$/i,
    text: "Little to do on its own; it can reveal roughly where you were, so be wary of messages that quote it.",
  },
  {
    match: /^(private messages|chat logs)$/i,
    text: "Assume what you wrote there can become public; be alert to blackmail attempts and report them rather than pay.",
  },
];

const FALLBACK = "Review what you shared with this service and change anything that can still be changed.";

export function adviceForDataClass(dataClass: string): string {
  return ADVICE.find((a) => a.match.test(dataClass.trim()))?.text ?? FALLBACK;
}

/** One line per data class, in the breach's order; classes sharing advice are grouped. */
export function adviceForBreach(dataClasses: readonly string[]): { classes: string[]; text: string }[] {
  const byText = new Map<string, string[]>();
  for (const c of dataClasses) {
    const text = adviceForDataClass(c);
    byText.set(text, [...(byText.get(text) ?? []), c]);
  }
  return [...byText].map(([text, classes]) => ({ classes, text }));
}
