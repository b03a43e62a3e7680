import { lazy, Suspense, useSyncExternalStore } from "react";
import { getToastState, subscribe, type Toast } from "~/lib/toast-store";

const serverState = { toasts: [] as Toast[] };

export function useToasts() {
  return useSyncExternalStore(subscribe, getToastState, () => serverState);
}

// The toasts' markup loads with the first toast: most pages, the landing page among them, never show one
// (it is in every page's bundle otherwise). The live region itself is always there, so the first toast is announced.
const ToastItems = lazy(() => import("./toast-items").then((m) => ({ default: m.ToastItems })));

export function Toaster() {
  const { toasts } = useToasts();
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex flex-col gap-2">
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastItems toasts={toasts} />
        </Suspense>
      ) : null}
    </div>
  );
}
