/**
 * zod schemas for incident response input: the API's JSON and the pages' forms share them. Every string is capped.
 */
import { z } from "zod";
import { OBSERVABLE_TYPES, RESOLUTIONS, SEVERITIES, STATUSES, TLPS } from "./types";

const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(", ")}` });

/** Tags as an array or a comma-separated string. */
const Tags = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",") : v),
  z
    .array(z.string({ error: "tags must be strings" }).max(40, "A tag must be at most 40 characters"), {
      error: "tags must be a list of strings",
    })
    .max(20, "At most 20 tags"),
);

const Assignee = z.string({ error: "assigneeId must be a member id" }).max(100).nullable();

export const CreateCaseSchema = z.object({
  title: trimmed("Title", 200),
  description: z.string({ error: "description must be text" }).max(20_000, "The description is too long").optional(),
  severity: oneOf("severity", SEVERITIES),
  tags: Tags.optional(),
  tlp: oneOf("tlp", TLPS).optional(),
  assigneeId: Assignee.optional(),
  template: z.string({ error: "template must be a template key" }).max(60).nullable().optional(),
  alertIds: z
    .array(z.string({ error: "alertIds must be alert ids" }).max(100), {
      error: "alertIds must be a list of alert ids",
    })
    .max(100, "At most 100 alerts per case")
    .optional(),
  source: z
    .enum(["manual", "alerts", "playbook", "api"], { error: "source must be manual, alerts, playbook or api" })
    .optional(),
});

export const PatchCaseSchema = z
  .object({
    title: trimmed("Title", 200).optional(),
    description: z.string({ error: "description must be text" }).max(20_000, "The description is too long").optional(),
    severity: oneOf("severity", SEVERITIES).optional(),
    status: oneOf("status", STATUSES).optional(),
    resolution: oneOf("resolution", RESOLUTIONS).nullable().optional(),
    assigneeId: Assignee.optional(),
    tags: Tags.optional(),
    tlp: oneOf("tlp", TLPS).optional(),
  })
  .strict();

export const TaskSchema = z.object({
  title: trimmed("Title", 300),
  phase: z.string({ error: "phase must be text" }).trim().max(80).optional(),
  dueHours: z.coerce
    .number({ error: "dueHours must be a number" })
    .min(0, "dueHours cannot be negative")
    .max(24 * 365, "dueHours must be at most a year")
    .nullable()
    .optional(),
});

export const PatchTaskSchema = z
  .object({
    status: oneOf("status", ["open", "done"] as const).optional(),
    title: trimmed("Title", 300).optional(),
  })
  .strict();

export const ObservableSchema = z.object({
  type: oneOf("type", OBSERVABLE_TYPES),
  value: trimmed("Value", 2048),
  ioc: z.boolean({ error: "ioc must be true or false" }).optional(),
  note: z.string({ error: "note must be text" }).max(1000).nullable().optional(),
});

export const CommentSchema = z.object({
  text: trimmed("Comment", 10_000),
  corrects: z.number({ error: "corrects must be a timeline entry id" }).int().positive().nullable().optional(),
});

export const MergeSchema = z.object({ targetId: trimmed("Target case", 100) });

const minutes = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number of minutes` })
    .int(`${field} must be whole minutes`)
    .min(1, `${field} must be at least 1 minute`)
    .max(365 * 24 * 60, `${field} must be at most a year`);

export const SlaSchema = z
  .object({
    severity: oneOf("severity", SEVERITIES),
    ackMinutes: minutes("Time to acknowledge"),
    containMinutes: minutes("Time to contain"),
    resolveMinutes: minutes("Time to resolve"),
  })
  .refine((t) => t.ackMinutes <= t.containMinutes && t.containMinutes <= t.resolveMinutes, {
    message: "Targets must not shrink: acknowledge ≤ contain ≤ resolve",
    path: ["containMinutes"],
  });

/** A template's tasks as lines "hours | phase | title" (the form) or objects (the API). */
export const TemplateSchema = z.object({
  key: z
    .string({ error: "key is required" })
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, "key must be lower-case letters, digits and dashes"),
  name: trimmed("Name", 100),
  tasks: z
    .array(
      z.object({
        title: trimmed("Task title", 300),
        phase: trimmed("Phase", 80),
        dueHours: z.coerce
          .number({ error: "Due hours must be a number" })
          .min(0)
          .max(24 * 365),
      }),
    )
    .min(1, "A template needs at least one task")
    .max(50, "At most 50 tasks"),
});

export function parseTemplateLines(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 51)
    .map((line) => {
      const parts = line.split("|").map((p) => p.trim());
      if (parts.length < 3) return { title: line, phase: "", dueHours: Number.NaN };
      return { dueHours: Number(parts[0]), phase: parts[1], title: parts.slice(2).join(" | ") };
    });
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}
