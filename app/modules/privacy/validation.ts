/**
 * zod schemas for Privacy Guard's input: the API's JSON and the pages' forms
 * share them. Every string is capped; dates are real YYYY-MM-DD days.
 */
import { z } from "zod";
import { CUSTOM_DAYS_MAX, isCalendarDate, isTimeZone, JURISDICTION_IDS } from "./deadlines";
import { CHANNELS, normaliseType, REQUEST_TYPES, STATUSES, VERIFICATION_METHODS } from "./types";

const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const DateSchema = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${field} must be a real date written YYYY-MM-DD`);

export const TypeSchema = z.preprocess(
  (v) => normaliseType(v) ?? v,
  z.enum(REQUEST_TYPES, { error: `type must be one of ${REQUEST_TYPES.join(", ")}` }),
);

const JURISDICTION_ALIASES: Record<string, string> = {
  cpra: "ccpa",
  "ccpa/cpra": "ccpa",
  "ccpa-cpra": "ccpa",
  ukgdpr: "uk-gdpr",
  "uk-gdpr": "uk-gdpr",
  "eu-gdpr": "gdpr",
};

/** "GDPR", " uk_gdpr ", "UK GDPR" and "CPRA" name the table's rows too. */
export function normaliseJurisdiction(value: unknown): unknown {
  if (typeof value !== "string" || value.length > 40) return value;
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  return JURISDICTION_ALIASES[v] ?? v;
}

export const JurisdictionSchema = z.preprocess(
  normaliseJurisdiction,
  z.enum(JURISDICTION_IDS, { error: `jurisdiction must be one of ${JURISDICTION_IDS.join(", ")}` }),
);

export const SubjectEmailSchema = z
  .string({ error: "subjectEmail is required" })
  .trim()
  .min(1, "subjectEmail is required")
  .max(254, "subjectEmail is too long")
  .pipe(z.email("subjectEmail must be an e-mail address, like name@example.com"));

export const NotesSchema = z
  .string({ error: "notes must be text" })
  .max(5000, "notes must be at most 5,000 characters");

export const CreateRequestSchema = z.object({
  type: TypeSchema,
  jurisdiction: JurisdictionSchema,
  // null and "" mean "not given": today.
  requestedAt: z.preprocess((v) => (v === null || v === "" ? undefined : v), DateSchema("requestedAt").optional()),
  subjectName: trimmed("subjectName", 200),
  subjectEmail: SubjectEmailSchema,
  channel: z.enum(CHANNELS, { error: `channel must be one of ${CHANNELS.join(", ")}` }).optional(),
  notes: NotesSchema.optional(),
  assigneeId: z.string().max(100).nullable().optional(),
});
export type CreateRequestInput = z.infer<typeof CreateRequestSchema>;

export const ExtensionSchema = z.object({
  reason: trimmed("extension reason", 2000),
  notifiedAt: DateSchema("notifiedAt"),
});

export const PatchRequestSchema = z
  .object({
    status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(", ")}` }).optional(),
    reason: z.string().trim().max(2000, "reason must be at most 2,000 characters").optional(),
    method: z
      .enum(VERIFICATION_METHODS, { error: `method must be one of ${VERIFICATION_METHODS.join(", ")}` })
      .optional(),
    extension: ExtensionSchema.optional(),
    assigneeId: z.string().max(100).nullable().optional(),
    notes: NotesSchema.optional(),
    tasks: z
      .array(z.object({ id: z.string().min(1).max(100), status: z.enum(["open", "done"]) }))
      .max(500)
      .optional(),
  })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Send at least one change");
export type PatchRequestInput = z.infer<typeof PatchRequestSchema>;

/** A comma- or line-separated list, capped. */
const listField = (field: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[,\n]/)).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(100, `each ${field} entry must be at most 100 characters`))
        .min(1, `List at least one ${field} entry`)
        .max(50),
    );

export const SystemSchema = z.object({
  name: trimmed("Name", 200),
  owner: trimmed("Owner", 200),
  dataCategories: listField("data category"),
  location: trimmed("Location", 200),
  retention: trimmed("Retention", 200),
  requestTypes: z
    .array(z.enum(REQUEST_TYPES))
    .min(1, "Choose at least one request type this system is in scope for")
    .max(REQUEST_TYPES.length),
});
export type SystemInput = z.infer<typeof SystemSchema>;

export const SettingsSchema = z.object({
  timeZone: z.string().trim().max(100).refine(isTimeZone, "Choose a time zone from the list"),
  intakeEnabled: z.boolean(),
  intakeJurisdiction: JurisdictionSchema,
  customDays: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter whole days")
    .min(1, "At least 1 day")
    .max(CUSTOM_DAYS_MAX, `At most ${CUSTOM_DAYS_MAX} days`),
  customExtensionDays: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter whole days")
    .min(0, "0 or more days")
    .max(CUSTOM_DAYS_MAX, `At most ${CUSTOM_DAYS_MAX} days`),
});
export type SettingsInput = z.infer<typeof SettingsSchema>;

export const IntakeSchema = z.object({
  subjectName: trimmed("Your name", 200),
  subjectEmail: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "That e-mail address is too long")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com")),
  type: z.enum(REQUEST_TYPES, { error: "Choose what you are asking for" }),
  jurisdiction: z.enum(["gdpr", "uk-gdpr", "ccpa", "lgpd", "pipeda"], { error: "Choose where you live" }).optional(),
  details: z.string().trim().max(3000, "Keep the details under 3,000 characters").optional(),
});

/** Field -> first message, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}
