/** The public request form's honeypot field: people never see it; only bots fill it in. */
export const INTAKE_HONEYPOT_FIELD = "website_url";
