import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Spec §8: unhandled rejections and errors are logged to the console and their default handling suppressed.
window.addEventListener("unhandledrejection", (event) => {
  console.error("Unhandled rejection:", event.reason);
  event.preventDefault();
});
window.addEventListener("error", (event) => {
  console.error("Unhandled error:", event.error ?? event.message);
  event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Web vitals go to the console only (spec §7), loaded after hydration so they never delay it.
void import("web-vitals").then(({ onCLS, onINP, onLCP, onFCP, onTTFB }) => {
  const report = (metric: { name: string; value: number; rating?: string }) =>
    console.log(`[web-vitals] ${metric.name}`, Math.round(metric.value * 100) / 100, metric.rating ?? "");
  onCLS(report);
  onINP(report);
  onLCP(report);
  onFCP(report);
  onTTFB(report);
});
