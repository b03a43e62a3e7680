/**
 * The one place Rampart sends e-mail from (alert notifications, password
 * reset, address verification). The operator points it at an SMTP server in
 * the environment (docs/operations.md, "E-mail"):
 *
 *   SMTP_HOST, SMTP_PORT (default 587), SMTP_SECURE ("1": TLS from the first
 *   byte, port 465; otherwise STARTTLS when the server offers it),
 *   SMTP_USER, SMTP_PASSWORD (both or neither), SMTP_FROM ("Rampart <alerts@example.com>").
 *
 * Without SMTP_HOST nothing is sent: `sendMail` throws `MailerNotConfigured`
 * so a caller can say so (a notification channel marks the attempt failed).
 * Tests point it at a loopback `smtp-server` with `configureMailerForTests`.
 */
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { SmtpEnvSchema, processEnvironment } from "./env.server";

export class MailerNotConfigured extends Error {
  constructor() {
    super("E-mail is not configured on this server (SMTP_HOST is not set)");
    this.name = "MailerNotConfigured";
  }
}

export type SmtpConfig = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  rejectUnauthorized: boolean;
};

/** Reads the SMTP settings from the environment; null when SMTP_HOST is unset. */
export function smtpConfigFromEnv(env: Record<string, string | undefined> = processEnvironment()): SmtpConfig | null {
  const parsed = SmtpEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid SMTP configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  const e = parsed.data;
  if (!e.SMTP_HOST) return null;
  const secure = e.SMTP_SECURE === "1" || e.SMTP_SECURE === "true";
  return {
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    user: e.SMTP_USER || undefined,
    password: e.SMTP_PASSWORD || undefined,
    from: e.SMTP_FROM,
    rejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED === "1",
  };
}

let override: SmtpConfig | null | undefined;
let transport: { key: string; transporter: Transporter } | null = null;

/** Tests: use this SMTP server instead of the environment (`undefined` goes back to the environment). */
export function configureMailerForTests(config: SmtpConfig | null | undefined) {
  override = config;
  transport?.transporter.close();
  transport = null;
}

function currentConfig(): SmtpConfig | null {
  return override !== undefined ? override : smtpConfigFromEnv();
}

export function mailerConfigured(): boolean {
  return currentConfig() !== null;
}

function transporterFor(config: SmtpConfig): Transporter {
  const key = JSON.stringify(config);
  if (transport?.key === key) return transport.transporter;
  transport?.transporter.close();
  const transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.password ?? "" } : undefined,
    tls: { rejectUnauthorized: config.rejectUnauthorized },
    // A slow mail server must not hold a delivery worker for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    pool: true,
    maxConnections: 2,
  });
  transport = { key, transporter };
  return transporter;
}

export type MailMessage = {
  /** The sender, when not SMTP_FROM (a training simulation's sender profile). */
  from?: string;
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. `X-Rampart-Alert`). */
  headers?: Record<string, string>;
};

/** Sends one message; answers the SMTP message id. Throws MailerNotConfigured or the transport's error. */
export async function sendMail(message: MailMessage): Promise<{ messageId: string; accepted: string[] }> {
  const config = currentConfig();
  if (!config) throw new MailerNotConfigured();
  // Header injection: subjects come from alert titles; a line break would start a new header.
  const subject = message.subject.replace(/[\r\n]+/g, " ").slice(0, 250);
  const info = await transporterFor(config).sendMail({
    from: message.from ? message.from.replace(/[\r\n]+/g, " ") : config.from,
    to: message.to,
    subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });
  return { messageId: String(info.messageId ?? ""), accepted: (info.accepted ?? []).map(String) };
}
