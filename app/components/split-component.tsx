import { lazy, Suspense, useState, type ComponentType, type JSX } from "react";

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
 *
 * `preloadIfRendered`: a CSS selector for the component's server markup. When the page's HTML contains it, the
 * browser starts loading the code as soon as this module is evaluated (before hydration begins), and once loaded
 * the component renders and hydrates together with the rest of the page instead of a moment later.
 */
export function splitComponent<P extends object>(
  serverImpl: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  displayName: string,
  opts: { preloadIfRendered?: string } = {},
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined = serverImpl;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () => (pending ??= load().then((component) => (loaded = component)));
  const LazyImpl = lazy(() => start().then((component) => ({ default: component })));
  if (
    !loaded &&
    opts.preloadIfRendered &&
    typeof document !== "undefined" &&
    document.querySelector(opts.preloadIfRendered)
  ) {
    void start();
  }
  function Split(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the subtree.
    const [Impl] = useState(() => (loaded ?? LazyImpl) as ComponentType<P>);
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
