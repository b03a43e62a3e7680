import { lazy, Suspense, type ComponentType, type JSX } from "react";

/**
 * A component whose code the browser downloads only on pages that render it.
 *
 * Why: `/` is one route for two audiences. Signed out it is the landing page, signed in the dashboard inside the
 * sidebar shell; a static import would make every landing visitor download the shell, the dashboard and their
 * dependencies (issue 4: landing JavaScript ≤ 100 KB compressed).
 *
 * How: the server renders `serverImpl` synchronously, so the HTML is complete (no streamed Suspense fallback: it
 * must work without JavaScript). `serverImpl` comes through a `*.server.tsx` re-export, which Remix's browser
 * build replaces by an empty module, so in the browser it is undefined and `load()` fetches the code on first
 * render. Meanwhile React keeps the server HTML of the suspended boundary and hydrates it when the code arrives;
 * links and forms in it work natively until then.
 */
export function splitComponent<P extends object>(
  serverImpl: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  displayName: string,
): ComponentType<P> {
  const Impl = (serverImpl ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<P>;
  function Split(props: P) {
    // The same boundary on server and browser, so that hydration lines up.
    return (
      <Suspense fallback={null}>
        <Impl {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  Split.displayName = displayName;
  return Split;
}
