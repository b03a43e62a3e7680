/**
 * The organization's trial as the shell shows it (issue 31: "trial status polled", docs/api.md's browser client):
 * the shape `GET /api/trial/status` answers, and a tiny store through which the dashboard, which polls that call on
 * the IMPORTANT tier, hands each answer to the shell's plan line. So a trial that ends while the dashboard is open
 * says so without a reload. Isomorphic: the server computes the first value, the browser the later ones.
 */
import { useSyncExternalStore } from "react";

export type TrialState = "none" | "active" | "expired";
export type TrialStatusData = { status: TrialState; endsAt: string | null; daysLeft: number | null };

/** Whole days left, rounded up (a trial ending in 2 hours has "1 day left"), never below 0; null without a trial end. */
export function trialDaysLeft(status: TrialState, endsAt: string | null, now: number): number | null {
  if (status !== "active" || !endsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 86_400_000));
}

/** The API's and the shell's shape of a stored trial (null: none yet). */
export function trialStatusData(t: { status: TrialState; endsAt: string | null } | null, now: number): TrialStatusData {
  if (!t) return { status: "none", endsAt: null, daysLeft: null };
  return { status: t.status, endsAt: t.endsAt, daysLeft: trialDaysLeft(t.status, t.endsAt, now) };
}

/** The words after the plan name: "trial, 5 days left", "trial ended", or nothing before any trial. */
export function trialNote(t: TrialStatusData | null): string | null {
  if (!t || t.status === "none") return null;
  if (t.status === "expired") return "trial ended";
  if (t.daysLeft === null) return "trial";
  return `trial, ${t.daysLeft} day${t.daysLeft === 1 ? "" : "s"} left`;
}

// The latest polled answer and the organization it is about (a switch of organization must not show another's).
let latest: { tenantId: string; trial: TrialStatusData } | null = null;
const listeners = new Set<() => void>();

/** The dashboard publishes each answer while it is mounted, and `null` when it unmounts (the loader's copy rules again). */
export function publishTrialStatus(value: { tenantId: string; trial: TrialStatusData } | null) {
  latest = value;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The polled trial of this organization when there is one, else the loader's. */
export function useTrialStatus(tenantId: string | null, fromLoader: TrialStatusData | null): TrialStatusData | null {
  const polled = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
  return polled && polled.tenantId === tenantId ? polled.trial : fromLoader;
}
