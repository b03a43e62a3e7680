/** The usage page's time windows (isomorphic: its query schema and its links use them). */
export const USAGE_WINDOWS = ["7", "30", "90", "all"] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];
export const WINDOW_LABEL: Record<UsageWindow, string> = {
  "7": "Last 7 days",
  "30": "Last 30 days",
  "90": "Last 90 days",
  all: "All time",
};
