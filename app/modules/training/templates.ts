/**
 * The starter library of simulation e-mails (written for Rampart, in English, German, French and Spanish), and the
 * template renderer. Templates use GoPhish-style variables: {{.FirstName}}, {{.LastName}}, {{.Email}}, {{.URL}}
 * (the recipient's tracked link) and {{.Tracker}} (the tracking pixel's <img>; in the text part it is empty).
 * Isomorphic: the preview page renders it too.
 */

export type Template = {
  id: string;
  name: string;
  /** BCP 47 language tag. */
  language: string;
  subject: string;
  html: string;
  text: string;
};

export const STARTER_PREFIX = "starter-";

const t = (id: string, name: string, language: string, subject: string, body: string[], button: string): Template => ({
  id: `${STARTER_PREFIX}${id}`,
  name,
  language,
  subject,
  html:
    `<p>${body[0]}</p>` +
    body
      .slice(1)
      .map((p) => `<p>${p}</p>`)
      .join("") +
    `<p><a href="{{.URL}}" style="background:#1a56db;color:#fff;padding:8px 16px;text-decoration:none">${button}</a></p>{{.Tracker}}`,
  text: `${body.join("\n\n")}\n\n${button}: {{.URL}}\n`,
});

export const STARTER_TEMPLATES: readonly Template[] = [
  t(
    "password-expiry-en",
    "Password expiry (English)",
    "en",
    "Action required: your password expires today",
    [
      "Hello {{.FirstName}},",
      "Your mailbox password expires in less than 24 hours. To keep access to your e-mail, confirm your current password now.",
      "IT Service Desk",
    ],
    "Keep my password",
  ),
  t(
    "shared-document-en",
    "Shared document (English)",
    "en",
    "{{.FirstName}}, a document was shared with you",
    [
      "Hi {{.FirstName}} {{.LastName}},",
      'A colleague shared "Q3 salary review.xlsx" with you. Sign in to view the document before the link expires.',
    ],
    "Open document",
  ),
  t(
    "parcel-en",
    "Parcel delivery (English)",
    "en",
    "We could not deliver your parcel",
    [
      "Dear {{.FirstName}},",
      "Our courier tried to deliver your parcel today but nobody was available. Choose a new delivery slot within 48 hours or the parcel goes back to the sender.",
    ],
    "Reschedule delivery",
  ),
  t(
    "invoice-en",
    "Overdue invoice (English)",
    "en",
    "Invoice INV-20931 is overdue",
    [
      "Hello {{.FirstName}},",
      "Our records show invoice INV-20931 is still unpaid. Please review the invoice today to avoid a late fee.",
      "Accounts receivable",
    ],
    "View invoice",
  ),
  t(
    "mfa-reset-en",
    "MFA reset (English)",
    "en",
    "Your sign-in verification was reset",
    [
      "Hi {{.FirstName}},",
      "We reset the two-step verification on your account after unusual activity. Sign in within 12 hours to set it up again, or your account will be locked.",
    ],
    "Set up verification",
  ),
  t(
    "passwort-de",
    "Passwort läuft ab (Deutsch)",
    "de",
    "Ihr Passwort läuft heute ab",
    [
      "Hallo {{.FirstName}} {{.LastName}},",
      "Ihr Postfach-Passwort läuft in weniger als 24 Stunden ab. Bestätigen Sie jetzt Ihr aktuelles Passwort, um den Zugriff zu behalten.",
      "Ihr IT-Service",
    ],
    "Passwort behalten",
  ),
  t(
    "paket-de",
    "Paketzustellung (Deutsch)",
    "de",
    "Zustellung Ihres Pakets fehlgeschlagen",
    [
      "Guten Tag {{.FirstName}},",
      "Wir konnten Ihr Paket heute nicht zustellen. Bitte wählen Sie innerhalb von 48 Stunden einen neuen Zustelltermin.",
    ],
    "Neuen Termin wählen",
  ),
  t(
    "document-fr",
    "Document partagé (français)",
    "fr",
    "{{.FirstName}}, un document vous a été partagé",
    [
      "Bonjour {{.FirstName}},",
      "Un collègue vous a partagé « Primes 2026.pdf ». Connectez-vous pour le consulter avant l'expiration du lien.",
    ],
    "Ouvrir le document",
  ),
  t(
    "facture-fr",
    "Facture impayée (français)",
    "fr",
    "Rappel : facture en attente de paiement",
    [
      "Bonjour {{.FirstName}} {{.LastName}},",
      "Sauf erreur de notre part, la facture FA-7781 n'a pas encore été réglée. Merci de la consulter aujourd'hui pour éviter des frais de retard.",
      "Service comptabilité",
    ],
    "Voir la facture",
  ),
  t(
    "cuenta-es",
    "Cuenta bloqueada (español)",
    "es",
    "Su cuenta ha sido bloqueada temporalmente",
    [
      "Hola {{.FirstName}},",
      "Detectamos un inicio de sesión inusual y bloqueamos su cuenta por seguridad. Verifique su identidad en las próximas 24 horas para recuperar el acceso.",
    ],
    "Verificar mi cuenta",
  ),
  t(
    "nomina-es",
    "Nómina (español)",
    "es",
    "Su recibo de nómina está disponible",
    [
      "Hola {{.FirstName}} {{.LastName}},",
      "Su recibo de nómina de este mes ya está disponible en el portal del empleado. Inicie sesión para descargarlo.",
      "Recursos Humanos",
    ],
    "Descargar recibo",
  ),
];

export function starterTemplate(id: string): Template | undefined {
  return STARTER_TEMPLATES.find((x) => x.id === id);
}

export type TemplateVariables = {
  firstName: string;
  lastName: string;
  email: string;
  /** The recipient's tracked link (absolute). */
  url: string;
  /** The tracking pixel's address (absolute). */
  trackerUrl: string;
};

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

// One pass over the template: a value is never scanned again, so a first name of "{{.URL}}" stays text.
const VARIABLE = /\{\{\s*\.(FirstName|LastName|Email|URL|Tracker)\s*\}\}/g;

/**
 * Fills a template part. In HTML every value is escaped (a recipient's name from a CSV cannot inject markup) and
 * {{.Tracker}} is the pixel; in text and the subject values go in as they are and {{.Tracker}} is dropped.
 * Unknown variables are left as written, so a typo shows in the preview rather than vanishing.
 */
export function renderTemplate(source: string, vars: TemplateVariables, mode: "html" | "text"): string {
  return source.replace(VARIABLE, (_m, name: string) => {
    const value =
      name === "FirstName"
        ? vars.firstName
        : name === "LastName"
          ? vars.lastName
          : name === "Email"
            ? vars.email
            : name === "URL"
              ? vars.url
              : mode === "html"
                ? `<img src="${escapeHtml(vars.trackerUrl)}" width="1" height="1" alt="" style="display:none">`
                : "";
    return mode === "html" && name !== "Tracker" ? escapeHtml(value) : value;
  });
}

/** Sample values for the preview. */
export const PREVIEW_VARIABLES: TemplateVariables = {
  firstName: "Alex",
  lastName: "Example",
  email: "alex@example.com",
  url: "#",
  trackerUrl: "",
};
