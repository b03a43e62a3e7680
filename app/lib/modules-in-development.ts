/**
 * The modules whose analysis is not built yet: their pages store nothing, and the teasers, /features and /about
 * say so instead of implying they work. One line per module: its registry name and its page. When a module
 * lands, delete its line; the route map (app/lib/app-routes.ts, read by the browser too) and the registry
 * (app/modules/registry.server.ts) both read this list, so nothing else changes.
 */
// Every module has landed (issues 34-36); a module started later adds its line here until it stores real data.
export const MODULES_IN_DEVELOPMENT = {} as const satisfies Record<string, `/${string}`>;

const PAGES: ReadonlySet<string> = new Set(Object.values(MODULES_IN_DEVELOPMENT));

/** Whether the page at this path belongs to a module in development. */
export const pageInDevelopment = (path: string): boolean => PAGES.has(path);

/** Whether the registry module of this name is in development. */
export const moduleInDevelopment = (name: string): boolean => Object.hasOwn(MODULES_IN_DEVELOPMENT, name);
