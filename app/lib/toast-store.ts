/**
 * Toast state (docs/product.md §4, §9): add, update, dismiss (marks closed, removal after
 * 1,000,000 ms) and remove; only one toast is visible at a time. A plain
 * reducer plus a tiny store, after shadcn/ui's use-toast.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type Toast = {
  id: string;
  open: boolean;
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
  durationMs?: number;
};

export type ToastAction =
  | { type: "ADD_TOAST"; toast: Toast }
  | { type: "UPDATE_TOAST"; toast: Partial<Toast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

export type ToastState = { toasts: Toast[] };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

type Listener = (state: ToastState) => void;
let memory: ToastState = { toasts: [] };
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export function dispatch(action: ToastAction) {
  memory = toastReducer(memory, action);
  if (action.type === "DISMISS_TOAST") {
    for (const t of memory.toasts) if (!t.open) scheduleRemoval(t.id);
  }
  listeners.forEach((l) => l(memory));
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE_TOAST", toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: Omit<Toast, "id" | "open">) {
  const id = String(++counter);
  dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: "DISMISS_TOAST", toastId: id }),
    update: (t: Partial<Toast>) => dispatch({ type: "UPDATE_TOAST", toast: { ...t, id } }),
  };
}

export function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToastState() {
  return memory;
}
