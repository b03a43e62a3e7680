/**
 * Error screens for every route (`export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens"`):
 * status-aware content for a route's error (upgrade banner, 403, 404, or the fallback screen).
 */
export {
  RouteErrorContent,
  RouteErrorContent as RouteErrorBoundary,
  RootErrorContent as RootErrorBoundary,
  NotFoundPage,
  ForbiddenPage,
  ComponentErrorScreen,
} from "./error-screen-content";
