/** The time ranges /logs offers (isomorphic: the page and the loader share them). */
export const RANGES = {
  "15m": 15 * 60_000,
  "1h": 3_600_000,
  "24h": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
} as const;
export type RangeKey = keyof typeof RANGES | "custom";
export const RANGE_LABEL: Record<RangeKey, string> = {
  "15m": "Last 15 minutes",
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  custom: "Custom (UTC)",
};
