/**
 * In-process signal that a tenant's alert timeline has new rows. The SSE
 * stream (/api/alerts/stream) listens and reads the rows from alert_events,
 * so the table, not this emitter, is the source of truth (Last-Event-ID
 * resume reads the same table). One process serves a database (see
 * docs/operations.md), so an in-process emitter reaches every open stream.
 */
import { EventEmitter } from "node:events";

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function publishAlertEvent(tenantId: string) {
  emitter.emit(tenantId);
}

export function subscribeAlertEvents(tenantId: string, listener: () => void): () => void {
  emitter.on(tenantId, listener);
  return () => emitter.off(tenantId, listener);
}

/** Listeners subscribed now, over every tenant (for the tests: a closed stream leaves none behind). */
export function alertListenerCount(): number {
  let n = 0;
  for (const name of emitter.eventNames()) n += emitter.listenerCount(name);
  return n;
}
