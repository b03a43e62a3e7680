/**
 * The shape of a module's posture contribution (issue 31). Each module computes its own contribution from its own
 * tables (app/modules/<name>/posture.server.ts) and imports these as types only; posture.server.ts assembles and
 * scores them.
 */
export type Severity = "critical" | "high" | "medium" | "low";
export type FindingState = "open" | "accepted" | "resolved";

export const MODULE_KEYS = [
  "dark-web",
  "phishing",
  "dependencies",
  "websites",
  "privacy",
  "compliance",
  "logs",
  "detection",
  "incidents",
  "password",
  "cloud",
  "network",
  "endpoint",
  "training",
  "zero-trust",
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

export type PostureFinding = {
  /** Stable across reads: `<module>:<source object id>`. */
  key: string;
  module: ModuleKey;
  /** The improvement action whose points this finding weighs on (null: recorded, not scored). */
  action: string | null;
  title: string;
  severity: Severity;
  state: FindingState;
  /** When found, and when it was resolved or accepted (null while open or when the time was not stored). */
  foundAt: number;
  closedAt: number | null;
};

export type ImprovementActionDef = {
  id: string;
  module: ModuleKey;
  title: string;
  /** Points achievable while the module is assessed. */
  points: number;
  href: string;
  /**
   * Fraction achieved when the action is measured by something other than its findings (compliance: the
   * adopted frameworks' score). Otherwise: resolved findings over all its findings, 1 when it has none.
   */
  fraction?: number;
  /** With `fraction`: what it measures, in one sentence (the recommendation's "why"). */
  measure?: string;
  /** What it takes, in one sentence (shown with the recommendation). */
  how: string;
};

export type Coverage = {
  module: ModuleKey;
  /** The module's name as the sidebar says it. */
  label: string;
  href: string;
  assessed: boolean;
  /** One sentence: what was checked, or why nothing was. */
  statement: string;
  /** When the module first had data to judge (null: not assessed); the trend counts it from then on. */
  since: number | null;
};

/**
 * What a module contributes: its findings (severity, state, when found and closed), its improvement actions with
 * their points, and a coverage statement. A module without data is "not assessed": it adds no points achievable
 * and no points achieved, so an unused module never counts as good (nor as bad). A check without its reference
 * data (breach corpus, OSV advisories) is "not assessed" too: a feed that never loaded never reads as clean.
 */
export type Contribution = { coverage: Coverage; findings: PostureFinding[]; actions: ImprovementActionDef[] };
