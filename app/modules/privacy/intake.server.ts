/**
 * The public request form at /privacy-request/<tenant-slug>: anyone can ask,
 * without an account, when the tenant's owners or admins have turned it on.
 * A honeypot field turns bots away (answered like a success, nothing kept);
 * submissions are limited per client address (5 an hour for one tenant's
 * form, 20 an hour across forms) and per tenant (200 a day), so a flood
 * cannot bury a tenant's real requests. A submission is a `pending` request
 * on the web-form channel, and the subject sees its reference number.
 */
import { rateLimit } from "~/lib/rate-limit.server";
import { findTenantBySlug } from "~/modules/tenants";
import { displayTenantName } from "~/lib/plans";
import { JURISDICTIONS, type JurisdictionId } from "./deadlines";
import { createRequest, getPrivacySettings } from "./requests.server";
import { IntakeSchema, fieldErrors } from "./validation";

import { INTAKE_HONEYPOT_FIELD } from "./intake-fields";

export const INTAKE_HONEYPOT = INTAKE_HONEYPOT_FIELD;

export const INTAKE_LIMITS = {
  perAddressPerForm: { limit: 5, windowMs: 60 * 60 * 1000 },
  perAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  perTenant: { limit: 200, windowMs: 24 * 60 * 60 * 1000 },
} as const;

export type IntakeForm = { tenantId: string; name: string; jurisdiction: JurisdictionId; jurisdictionLabel: string };

/** The form's tenant when its form is on; null otherwise (the page answers 404 either way). */
export function intakeFor(slug: string): IntakeForm | null {
  const tenant = findTenantBySlug(slug);
  if (!tenant) return null;
  const settings = getPrivacySettings(tenant.id);
  if (!settings.intakeEnabled) return null;
  return {
    tenantId: tenant.id,
    name: displayTenantName(tenant.name),
    jurisdiction: settings.intakeJurisdiction,
    jurisdictionLabel: JURISDICTIONS[settings.intakeJurisdiction].label,
  };
}

export type IntakeValues = {
  subjectName: string;
  subjectEmail: string;
  type: string;
  jurisdiction: string;
  details: string;
};

export type IntakeResult =
  | { status: "received"; reference: string | null; requestedAt: string | null }
  | { status: "invalid"; fieldErrors: Record<string, string>; values: IntakeValues }
  | { status: "rate-limited"; retryAfterSeconds: number; values: IntakeValues };

const text = (form: FormData, key: string, max: number) => {
  const v = form.get(key);
  return typeof v === "string" ? v.slice(0, max) : "";
};

export function submitIntake(form: IntakeForm, data: FormData, ip: string, now = Date.now()): IntakeResult {
  const values: IntakeValues = {
    subjectName: text(data, "subjectName", 300),
    subjectEmail: text(data, "subjectEmail", 300),
    type: text(data, "type", 40),
    jurisdiction: text(data, "jurisdiction", 40),
    details: text(data, "details", 4000),
  };
  // A bot filled the hidden field: answer as if it worked so it learns nothing, and keep nothing.
  if (text(data, INTAKE_HONEYPOT, 500).trim() !== "") return { status: "received", reference: null, requestedAt: null };

  const parsed = IntakeSchema.safeParse({ ...values, jurisdiction: values.jurisdiction || undefined });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrors(parsed.error), values };

  for (const [key, l] of [
    [`privacy-intake:${form.tenantId}:${ip}`, INTAKE_LIMITS.perAddressPerForm],
    [`privacy-intake:${ip}`, INTAKE_LIMITS.perAddress],
    [`privacy-intake-tenant:${form.tenantId}`, INTAKE_LIMITS.perTenant],
  ] as const) {
    const r = rateLimit(key, l.limit, l.windowMs, now);
    if (!r.allowed) return { status: "rate-limited", retryAfterSeconds: r.retryAfterSeconds, values };
  }

  const request = createRequest(
    form.tenantId,
    {
      type: parsed.data.type,
      jurisdiction: parsed.data.jurisdiction ?? form.jurisdiction,
      subjectName: parsed.data.subjectName,
      subjectEmail: parsed.data.subjectEmail,
      channel: "web-form",
      notes: parsed.data.details ? `From the subject: ${parsed.data.details}` : "",
    },
    { userId: null, label: "Subject (public form)" },
    now,
  );
  return { status: "received", reference: request.reference, requestedAt: request.requestedAt };
}
