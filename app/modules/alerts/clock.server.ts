/**
 * The alerting clock: lifecycle timestamps, outbox backoff and escalation
 * timers all read it, so tests run hours of retries and escalation steps on a
 * fixed clock without waiting.
 */
let clock: () => number = () => Date.now();

export function now(): number {
  return clock();
}

/** Tests pass a fixed clock; `setAlertingClock()` restores the real one. */
export function setAlertingClock(fn?: () => number) {
  clock = fn ?? (() => Date.now());
}
