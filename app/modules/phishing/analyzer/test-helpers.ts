// Collects the signals a stage adds, for the stage tests.
import type { AddSignal, Signal } from "./types";

export function collect(): { add: AddSignal; signals: Signal[]; ids: () => string[]; weight: (id: string) => number } {
  const signals: Signal[] = [];
  return {
    signals,
    add: (category, id, weight, message) => signals.push({ id, category, weight, message }),
    ids: () => signals.map((s) => s.id),
    weight: (id) => signals.find((s) => s.id === id)?.weight ?? NaN,
  };
}
