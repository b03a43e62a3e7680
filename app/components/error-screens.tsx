import * as ServerScreens from "./error-screen-content.server";
import { splitComponent } from "./split-component";

/**
 * Error screens for every route (`export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens"`).
 * They are in every page's bundle, and few visits show one, so the screens' code (./error-screen-content) loads
 * in the browser when an error is rendered; the server renders them in full (see ./split-component).
 */
const load = () => import("./error-screen-content");

/** Status-aware content for a route's error: upgrade banner, 403, 404, or the fallback screen. */
export const RouteErrorContent = splitComponent(
  ServerScreens.RouteErrorContent,
  () => load().then((m) => m.RouteErrorContent),
  "RouteErrorContent",
);
export const RouteErrorBoundary = splitComponent(
  ServerScreens.RouteErrorContent,
  () => load().then((m) => m.RouteErrorContent),
  "RouteErrorBoundary",
);
export const RootErrorBoundary = splitComponent(
  ServerScreens.RootErrorContent,
  () => load().then((m) => m.RootErrorContent),
  "RootErrorBoundary",
);
export const NotFoundPage = splitComponent(
  ServerScreens.NotFoundPage,
  () => load().then((m) => m.NotFoundPage),
  "NotFoundPage",
);
export const ForbiddenPage = splitComponent(
  ServerScreens.ForbiddenPage,
  () => load().then((m) => m.ForbiddenPage),
  "ForbiddenPage",
);
export const ComponentErrorScreen = splitComponent(
  ServerScreens.ComponentErrorScreen,
  () => load().then((m) => m.ComponentErrorScreen),
  "ComponentErrorScreen",
);
