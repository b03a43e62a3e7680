import { useEffect, useSyncExternalStore } from "react";
import { X } from "~/components/ui/icons";
import { dispatch, getToastState, subscribe, type Toast } from "~/lib/toast-store";

const serverState = { toasts: [] as Toast[] };

export function useToasts() {
  return useSyncExternalStore(subscribe, getToastState, () => serverState);
}

function ToastItem({ t }: { t: Toast }) {
  useEffect(() => {
    if (!t.open || !t.durationMs) return;
    const timer = setTimeout(() => dispatch({ type: "DISMISS_TOAST", toastId: t.id }), t.durationMs);
    return () => clearTimeout(timer);
  }, [t.id, t.open, t.durationMs]);
  if (!t.open) return null;
  const destructive = t.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-card border p-4 shadow-lg ${
        destructive ? "border-danger bg-danger text-white" : "border-slate-200 bg-white text-ink"
      }`}
      data-testid="toast"
      data-variant={t.variant ?? "default"}
    >
      <div className="flex-1">
        {t.title ? <p className="text-sm font-semibold">{t.title}</p> : null}
        {t.description ? <p className="mt-1 text-sm">{t.description}</p> : null}
      </div>
      <button
        type="button"
        className="rounded p-1 hover:bg-black/10"
        aria-label="Dismiss notification"
        onClick={() => dispatch({ type: "DISMISS_TOAST", toastId: t.id })}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Rendered by the sidebar shell: toasts come from its actions (Add Organization, dashboard refreshes). */
export function Toaster() {
  const { toasts } = useToasts();
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex flex-col gap-2">
      {toasts.map((t) => (
        <ToastItem key={t.id} t={t} />
      ))}
    </div>
  );
}
