import { useEffect, useState } from "react";

/**
 * False in the server render and during hydration, true once React runs the page in the browser: for controls that
 * are plain links or forms without JavaScript and richer with it, and for the `data-hydrated` markers the
 * end-to-end tests wait on before testing a JavaScript path.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
