import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/lib/nonce";
import { RootErrorBoundary } from "~/components/error-screens";
import { Toaster } from "~/components/ui/toast";
import { getEnv } from "~/lib/env.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Routes set their own title; this one covers the 404 and error screens, which have none.
export const meta: MetaFunction = () => [{ title: "Rampart" }];

export async function loader(_args: LoaderFunctionArgs) {
  const env = getEnv();
  return { securityContact: env.SECURITY_CONTACT_EMAIL, origin: env.PUBLIC_URL ?? null };
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const demo = pathname === "/demo" || pathname.startsWith("/demo/");
  return (
    <html lang="en" className="h-full" data-demo={demo ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

export const ErrorBoundary = RootErrorBoundary;
