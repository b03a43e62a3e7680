/** Sidebar display state (docs/product.md §4), kept in a cookie so the server renders it without a flash. */
export const SIDEBAR_STATES = ["expanded", "collapsed", "hidden"] as const;
export type SidebarState = (typeof SIDEBAR_STATES)[number];
export const SIDEBAR_COOKIE = "rampart_sidebar";

export function parseSidebarState(cookieHeader: string | null): SidebarState {
  const match = cookieHeader?.match(/(?:^|;\s*)rampart_sidebar=(expanded|collapsed|hidden)(?:;|$)/);
  return (match?.[1] as SidebarState | undefined) ?? "expanded";
}

/** The breakpoint under which the sidebar becomes a drawer (docs/product.md §9). */
export const MOBILE_BREAKPOINT_PX = 768;
