/**
 * The alerting worker of the server process: delivers due outbox rows and
 * takes due escalation steps. It polls every second and is also woken at once
 * when a notification is enqueued, so delivery does not wait for the poll.
 * All state is in SQLite, so a restart resumes where the last process stopped.
 */
import { deliverDueNotifications, onOutboxEnqueued } from "./channels.server";
import { runDueEscalations } from "./escalation.server";

let timer: NodeJS.Timeout | null = null;
let running = false;
let again = false;

/** One pass: escalations, then deliveries until none is due. */
export async function runAlertingOnce(): Promise<number> {
  runDueEscalations();
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const n = await deliverDueNotifications();
    total += n;
    if (n === 0) break;
  }
  return total;
}

async function tick() {
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      await runAlertingOnce();
    } while (again);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "alerting worker pass failed", error: String(error) }));
  } finally {
    running = false;
  }
}

export function startAlertingWorker(options: { pollMs?: number } = {}) {
  if (timer) return;
  timer = setInterval(() => void tick(), options.pollMs ?? 1_000);
  timer.unref();
  onOutboxEnqueued(() => setImmediate(() => void tick()));
  void tick();
}

export function stopAlertingWorker() {
  if (timer) clearInterval(timer);
  timer = null;
  onOutboxEnqueued(null);
}
