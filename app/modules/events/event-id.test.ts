// Event ids are UUID v7: valid UUIDs whose text sorts in the order they were made, within a millisecond too.
import { describe, expect, it } from "vitest";
import { newEventId } from "./event-id";

describe("event ids", () => {
  it("are version 7 UUIDs in creation order, and distinct", () => {
    const t = Date.UTC(2026, 2, 10, 12);
    const ids = [
      ...Array.from({ length: 5000 }, () => newEventId(t)),
      ...Array.from({ length: 10 }, () => newEventId(t + 1)),
      newEventId(t - 5000), // the clock went back: still after the ones before
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(parseInt(ids[0]!.replaceAll("-", "").slice(0, 12), 16)).toBe(t);
  });
});
