import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useContext, type ReactNode } from "react";
// Remix re-exports no hook for "some route is showing its error boundary"; the router's state has it.
import { UNSAFE_DataRouterStateContext } from "react-router";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/lib/nonce";
import { RootErrorBoundary } from "~/components/error-screens";
import { getEnv } from "~/lib/env.server";
import { inlineStylesheet } from "~/components/inline-stylesheet.server";
import { WebVitalsLogger } from "~/components/web-vitals-logger";
import { pageHydrates } from "~/lib/hydration";
import { webVitalsSrc } from "~/lib/web-vitals.server";
import { negotiateLocale } from "~/lib/locale.server";
import { FormatProvider } from "~/lib/format-context";
import { now } from "~/lib/clock.server";

// The stylesheet is inlined by Layout (see inline-stylesheet.server.ts); only the icon is linked here.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * The inlined stylesheet's text. The server reads the built file; the browser (where the *.server import is
 * empty) takes the text the server rendered, before hydrating, so React renders the same <style> and keeps it.
 */
function stylesheetText(): string | null {
  if (inlineStylesheet) return inlineStylesheet(stylesheet);
  if (typeof document === "undefined") return null;
  return document.querySelector("style[data-stylesheet]")?.textContent ?? null;
}
const inlinedStylesheet = typeof document === "undefined" ? undefined : stylesheetText();

// Routes set their own title; this one covers the 404 and error screens, which have none.
export const meta: MetaFunction = () => [{ title: "Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  return {
    securityContact: env.SECURITY_CONTACT_EMAIL,
    origin: env.PUBLIC_URL ?? null,
    webVitalsSrc: webVitalsSrc(),
    // Resolved once here, so the server's render and the browser's hydration format dates and numbers alike
    // (app/lib/format.ts); the signed-in shell narrows the time zone to the organization's.
    format: { locale: negotiateLocale(request.headers.get("Accept-Language")), timeZone: "UTC", now: now() },
  };
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * Signed-in pages link the stylesheet (fingerprinted, cached for a year, so it is fetched once per release) instead
 * of carrying it inline: inlined, it was most of each signed-in response, compressed again on every request. Public
 * documents keep it inline, where it saves a first-time visitor a blocking request (docs/decisions/022).
 */
function Stylesheet({ link }: { link: boolean }) {
  const css = link ? null : inlinedStylesheet === undefined ? stylesheetText() : inlinedStylesheet;
  // Without the text (file unreadable) the page links the stylesheet instead.
  if (css === null) return <link rel="stylesheet" href={stylesheet} />;
  return <style data-stylesheet={stylesheet} dangerouslySetInnerHTML={{ __html: css }} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const demo = pathname === "/demo" || pathname.startsWith("/demo/");
  const rootData = useRootData();
  const matches = useMatches();
  const routeError = useContext(UNSAFE_DataRouterStateContext)?.errors != null;
  // Static documents (app/lib/hydration.ts) ship neither Remix's scripts nor the scroll restorer, which only serves
  // client-side navigation (the browser restores scroll on document loads by itself). In the browser React runs only
  // on a page that hydrated: there both stay, whatever page the client-side router goes to next.
  const hydrate = typeof document !== "undefined" || pageHydrates(matches, { routeError });
  // In the browser the page keeps what the server sent: a linked stylesheet leaves no <style> to read back.
  const linkStylesheet =
    typeof document === "undefined"
      ? matches.some((m) => m.id === "routes/_app" && (m.data as { signedIn?: boolean } | undefined)?.signedIn === true)
      : inlinedStylesheet === null;
  return (
    <html lang="en" className="h-full" data-demo={demo ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Stylesheet link={linkStylesheet} />
        <Links />
      </head>
      <body className="h-full">
        <FormatProvider settings={rootData?.format ?? {}}>{children}</FormatProvider>
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
        {rootData?.webVitalsSrc ? <WebVitalsLogger src={rootData.webVitalsSrc} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

// The toast region lives in the sidebar shell, where every toast is raised: public pages, the landing page
// among them, never show one and so do not carry the toast code.
export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RootErrorBoundary;
