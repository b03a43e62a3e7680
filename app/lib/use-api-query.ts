/**
 * A tiny query hook for the dashboard's live data: starts from the loader's
 * data, refreshes on the docs/product.md §9 tier while the page is visible (never on
 * focus or mount), retries by the shared policy, and reports failures through
 * the global error toast.
 */
import { useEffect, useRef, useState } from "react";
import { apiRequest, REFRESH_TIER_OF, REFRESH_TIERS, withRetry } from "./api-client";
import { errorToast, SessionExpiredError } from "./errors";
import { toast } from "./toast-store";

export function useApiQuery<T>(url: string, initialData: T, headers?: Record<string, string>): T {
  const [data, setData] = useState<T>(initialData);
  const initial = useRef(initialData);
  useEffect(() => {
    // New loader data (navigation, tenant switch) replaces the cached copy.
    if (initial.current !== initialData) {
      initial.current = initialData;
      setData(initialData);
    }
  }, [initialData]);
  const tier = REFRESH_TIER_OF[url] ?? "LOW";
  const interval = REFRESH_TIERS[tier];
  const tenantHeader = headers?.["X-Tenant-Id"];
  useEffect(() => {
    if (interval === null) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const next = await withRetry(() =>
          apiRequest<T>("GET", url, undefined, { headers: tenantHeader ? { "X-Tenant-Id": tenantHeader } : undefined }),
        );
        if (!cancelled) setData(next);
      } catch (error) {
        if (cancelled) return;
        const t = errorToast(error);
        toast({ title: t.title, description: t.description, variant: t.variant, durationMs: t.durationMs });
        if (error instanceof SessionExpiredError) clearInterval(timer);
      }
    }, interval);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [url, interval, tenantHeader]);
  return data;
}
