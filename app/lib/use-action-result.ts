import { useActionData, useLocation } from "@remix-run/react";
import { useRef } from "react";

/**
 * useActionData that survives a revalidation.
 *
 * The router clears action data on every completed navigation that is not the
 * action's own reload, and a revalidation counts as one. The signed-in shell
 * revalidates when the alert stream reports a new alert, which an analysis
 * often raises itself: the verdict the user just asked for would appear and
 * vanish a moment later. The result is kept for as long as the user stays on
 * the same history entry (same location key); a real navigation, even to the
 * same URL, starts clean, and without JavaScript nothing revalidates at all.
 */
export function useActionResult<T>(): ReturnType<typeof useActionData<T>> {
  const data = useActionData<T>();
  const { key } = useLocation();
  const kept = useRef<{ key: string; data: ReturnType<typeof useActionData<T>> } | null>(null);
  if (data !== undefined) kept.current = { key, data };
  else if (kept.current && kept.current.key !== key) kept.current = null;
  return data ?? kept.current?.data;
}
