/**
 * The application clock: modules whose rules are about elapsed time (emergency access wait periods and grants)
 * and the durable job runner take "now" from here, so tests can move time instead of waiting for it.
 *
 * Two overrides, neither reachable by configuration:
 * - unit tests (vitest) call `setClockForTests(fn)`; it throws outside vitest;
 * - the end-to-end server (tests/e2e/start-server.ts, never server.ts) installs a test clock on `globalThis` before
 *   it loads the app (`installTestClock()`); the `[__test].clock` route moves it forward, and answers 404 when no
 *   test clock is installed, whatever the environment says. A production start never installs one, so no
 *   variable turns it on.
 */
import { getEnv } from "./env.server";
const TEST_CLOCK = Symbol.for("rampart.test-clock");
type TestClock = { offsetMs: number };

let override: (() => number) | null = null;

function installed(): TestClock | null {
  return ((globalThis as Record<symbol, unknown>)[TEST_CLOCK] as TestClock | undefined) ?? null;
}

/** Milliseconds since the epoch, as the app sees them. */
export function now(): number {
  if (override) return override();
  const test = installed();
  return test ? Date.now() + test.offsetMs : Date.now();
}

/** Vitest only: a fixed or moving clock; `setClockForTests()` restores the real one. */
export function setClockForTests(fn?: () => number) {
  if (getEnv().NODE_ENV !== "test") throw new Error("setClockForTests is for unit tests only");
  override = fn ?? null;
}

/** The end-to-end server's start-up only (tests/e2e/start-server.ts): makes the clock movable by the test route. */
export function installTestClock(): void {
  (globalThis as Record<symbol, unknown>)[TEST_CLOCK] ??= { offsetMs: 0 } satisfies TestClock;
}

/** The installed end-to-end test clock, or null (always null in a production start). */
export function testClock(): TestClock | null {
  return installed();
}
