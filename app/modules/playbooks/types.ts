/**
 * Playbook shapes and their validation, shared by the page (field errors), the API and the runner. Isomorphic.
 *
 * A playbook is a trigger on detections and ordered steps. Triggers: a detection of one rule, a detection of a rule
 * carrying a tag (`attack.t1059`), or a detection at or above a level (Sigma's informational < low < medium < high <
 * critical). Steps: raise an alert, open an incident, notify a channel, add an indicator from the event to the
 * watchlist, or wait for an owner's or admin's approval before the following steps.
 */
import { z } from "zod";

export const SIGMA_LEVELS = ["informational", "low", "medium", "high", "critical"] as const;
export type SigmaLevel = (typeof SIGMA_LEVELS)[number];
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type StepSeverity = (typeof SEVERITIES)[number];
export const INDICATOR_KINDS = ["host", "ip", "hash", "user"] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];
export const TRIGGER_TYPES = ["rule", "tag", "level"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const STEP_TYPES = ["alert", "incident", "notify", "indicator", "approval"] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const TRIGGER_LABEL: Record<TriggerType, string> = {
  rule: "A detection of a rule",
  tag: "A detection of a rule with a tag",
  level: "A detection at or above a level",
};
export const STEP_LABEL: Record<StepType, string> = {
  alert: "Raise an alert",
  incident: "Open an incident",
  notify: "Notify a channel",
  indicator: "Add an indicator to the watchlist",
  approval: "Wait for approval (owner or admin)",
};
export const INDICATOR_LABEL: Record<IndicatorKind, string> = {
  host: "Host",
  ip: "IP address",
  hash: "File hash",
  user: "User",
};

export type PlaybookStep =
  | { type: "alert"; severity: StepSeverity }
  | { type: "incident"; severity: StepSeverity }
  | { type: "notify"; channelId: string }
  | { type: "indicator"; kind: IndicatorKind }
  | { type: "approval" };

export type StepOutcome = "pending" | "waiting" | "ok" | "failed" | "skipped";
export type RunStep = PlaybookStep & { outcome: StepOutcome; message: string | null; at: number | null; ref?: string };
export type RunStatus = "queued" | "running" | "awaiting_approval" | "completed" | "failed" | "rejected";
export const RUN_STATUS_LABEL: Record<RunStatus, string> = {
  queued: "Queued",
  running: "Running",
  awaiting_approval: "Awaiting approval",
  completed: "Completed",
  failed: "Failed",
  rejected: "Rejected",
};

/** At most this many steps per playbook (the form shows this many slots). */
export const MAX_STEPS = 6;
export const MAX_NAME = 120;

export function levelRank(level: string | null | undefined): number {
  return level ? SIGMA_LEVELS.indexOf(level.toLowerCase() as SigmaLevel) : -1;
}

const stepSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("alert"), severity: z.enum(SEVERITIES, { message: "Choose a severity" }) }),
  z.object({ type: z.literal("incident"), severity: z.enum(SEVERITIES, { message: "Choose a severity" }) }),
  z.object({
    type: z.literal("notify"),
    channelId: z.string({ message: "Choose a channel" }).min(1, "Choose a channel").max(100),
  }),
  z.object({ type: z.literal("indicator"), kind: z.enum(INDICATOR_KINDS, { message: "Choose an indicator" }) }),
  z.object({ type: z.literal("approval") }),
]);

export const playbookSchema = z
  .object({
    name: z
      .string({ message: "Give the playbook a name" })
      .trim()
      .min(1, "Give the playbook a name")
      .max(MAX_NAME, `A name is at most ${MAX_NAME} characters`),
    enabled: z.boolean().default(true),
    trigger: z.discriminatedUnion(
      "type",
      [
        z.object({ type: z.literal("rule"), value: z.string().min(1, "Choose a rule").max(100) }),
        z.object({
          type: z.literal("tag"),
          value: z
            .string()
            .trim()
            .toLowerCase()
            .min(1, "Give a tag, for example attack.t1059")
            .max(100)
            .regex(/^[a-z0-9_.-]+$/, "A tag is letters, digits, dots, dashes and underscores (attack.t1059)"),
        }),
        z.object({ type: z.literal("level"), value: z.enum(SIGMA_LEVELS, { message: "Choose a level" }) }),
      ],
      { message: "Choose a trigger: rule, tag or level" },
    ),
    steps: z
      .array(stepSchema, { message: "Add at least one step" })
      .min(1, "Add at least one step")
      .max(MAX_STEPS, `A playbook has at most ${MAX_STEPS} steps`)
      .refine((s) => s.some((x) => x.type !== "approval"), "Add at least one action besides approval"),
  })
  .strict();

export type PlaybookInput = z.infer<typeof playbookSchema>;

/** Field errors keyed as the form names its fields (`name`, `trigger`, `steps`, `steps.2`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, index] = issue.path;
    const key = head === "steps" && typeof index === "number" ? `steps.${index}` : String(head ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Reads the no-JavaScript form: name, enabled, triggerType + triggerRule/triggerTag/triggerLevel, step{i}Type ... */
export function playbookFromForm(form: FormData): unknown {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : undefined;
  };
  const triggerType = get("triggerType");
  const value =
    triggerType === "rule" ? get("triggerRule") : triggerType === "tag" ? get("triggerTag") : get("triggerLevel");
  const steps: Record<string, string>[] = [];
  for (let i = 0; i < MAX_STEPS; i++) {
    const type = get(`step${i}Type`);
    if (!type) continue;
    const step: Record<string, string> = { type };
    if (type === "alert" || type === "incident") step.severity = get(`step${i}Severity`) ?? "";
    if (type === "notify") step.channelId = get(`step${i}Channel`) ?? "";
    if (type === "indicator") step.kind = get(`step${i}Indicator`) ?? "";
    steps.push(step);
  }
  return {
    name: get("name") ?? "",
    enabled: get("enabled") === "on" || get("enabled") === "true",
    trigger: { type: triggerType, value: value ?? "" },
    steps,
  };
}

export function describeStep(step: PlaybookStep, channelName?: (id: string) => string | undefined): string {
  switch (step.type) {
    case "alert":
      return `Raise a ${step.severity} alert`;
    case "incident":
      return `Open a ${step.severity} incident`;
    case "notify":
      return `Notify ${channelName?.(step.channelId) ?? "a channel"}`;
    case "indicator":
      return `Add the event's ${INDICATOR_LABEL[step.kind].toLowerCase()} to the watchlist`;
    case "approval":
      return "Wait for an owner's or admin's approval";
  }
}
