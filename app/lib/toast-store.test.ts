// Toasts (docs/product.md §4, §9): add, update, dismiss (marks closed, removed after 1,000,000 ms), remove; one visible at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  dispatch,
  getToastState,
  subscribe,
  toast,
  toastReducer,
  type Toast,
} from "./toast-store";

const t = (id: string, extra: Partial<Toast> = {}): Toast => ({ id, open: true, title: `T${id}`, ...extra });

describe("toastReducer", () => {
  it("keeps at most one toast: the newest", () => {
    expect(TOAST_LIMIT).toBe(1);
    let s = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: t("1") });
    s = toastReducer(s, { type: "ADD_TOAST", toast: t("2") });
    expect(s.toasts.map((x) => x.id)).toEqual(["2"]);
  });
  it("updates a toast by id", () => {
    const s = toastReducer({ toasts: [t("1")] }, { type: "UPDATE_TOAST", toast: { id: "1", title: "changed" } });
    expect(s.toasts[0]).toMatchObject({ id: "1", title: "changed", open: true });
  });
  it("dismiss marks closed without removing; without an id it closes all", () => {
    let s = toastReducer({ toasts: [t("1")] }, { type: "DISMISS_TOAST", toastId: "1" });
    expect(s.toasts).toEqual([{ ...t("1"), open: false }]);
    s = toastReducer({ toasts: [t("1"), t("2")] }, { type: "DISMISS_TOAST" });
    expect(s.toasts.every((x) => !x.open)).toBe(true);
    s = toastReducer({ toasts: [t("1")] }, { type: "DISMISS_TOAST", toastId: "9" });
    expect(s.toasts[0].open).toBe(true);
  });
  it("remove drops one toast, or all without an id", () => {
    expect(toastReducer({ toasts: [t("1")] }, { type: "REMOVE_TOAST", toastId: "1" }).toasts).toEqual([]);
    expect(toastReducer({ toasts: [t("1"), t("2")] }, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });
});

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    dispatch({ type: "REMOVE_TOAST" });
  });
  afterEach(() => vi.useRealTimers());

  it("a dismissed toast is removed after exactly 1,000,000 ms", () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const seen: number[] = [];
    const unsubscribe = subscribe((s) => seen.push(s.toasts.length));
    const handle = toast({
      title: "Error",
      description: "Upgrade to Pro to create up to 3 organizations",
      variant: "destructive",
    });
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: handle.id, open: true, title: "Error" })]);
    handle.dismiss();
    expect(getToastState().toasts[0].open).toBe(false);
    vi.advanceTimersByTime(999_999);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toEqual([]);
    expect(seen.at(-1)).toBe(0);
    unsubscribe();
  });

  it("a new toast replaces the visible one; update changes it in place", () => {
    toast({ title: "first" });
    const second = toast({ title: "second" });
    second.update({ description: "more" });
    expect(getToastState().toasts).toEqual([
      expect.objectContaining({ title: "second", description: "more", open: true }),
    ]);
  });
});
