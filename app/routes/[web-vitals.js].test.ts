import { describe, expect, it } from "vitest";
import { webVitalsLoggerSource } from "~/components/web-vitals-logger";
import { webVitalsLibrary, webVitalsSrc } from "~/lib/web-vitals.server";
import { loader } from "./[web-vitals.js]";

describe("/web-vitals.js", () => {
  it("serves the library as an ES module exporting the five reporters", async () => {
    const res = loader({ request: new Request(`http://localhost${webVitalsSrc()}`), params: {}, context: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    const body = await res.text();
    for (const name of ["onCLS", "onINP", "onLCP", "onFCP", "onTTFB"])
      expect(body).toMatch(new RegExp(`as ${name}\\b`));
  });

  it("is cached for a year only when asked for by its current version", () => {
    const current = loader({ request: new Request(`http://localhost${webVitalsSrc()}`), params: {}, context: {} });
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const stale = loader({
      request: new Request("http://localhost/web-vitals.js?v=0123456789ab"),
      params: {},
      context: {},
    });
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("is versioned by its content", () => {
    expect(webVitalsSrc()).toBe(`/web-vitals.js?v=${webVitalsLibrary().version}`);
    expect(webVitalsLibrary().version).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe("the logger script", () => {
  it("loads the library after the page's load event and logs each metric to the console", async () => {
    const listeners: Record<string, () => void> = {};
    const logged: unknown[][] = [];
    const imported: string[] = [];
    const reporters = Object.fromEntries(
      ["onCLS", "onINP", "onLCP", "onFCP", "onTTFB"].map((name) => [
        name,
        (report: (m: { name: string; value: number; rating: string }) => void) =>
          report({ name: name.slice(2), value: 1.234, rating: "good" }),
      ]),
    );
    const document = { readyState: "interactive" };
    const addEventListener = (type: string, fn: () => void) => (listeners[type] = fn);
    const console = { log: (...args: unknown[]) => logged.push(args), error: () => {} };
    // The script's `import(src)` stands for the browser's dynamic import; here it resolves to the fake reporters.
    const source = webVitalsLoggerSource("/web-vitals.js?v=abc").replace("import(src)", "importModule(src)");
    const run = new Function("document", "addEventListener", "console", "importModule", source);
    run(document, addEventListener, console, (src: string) => (imported.push(src), Promise.resolve(reporters)));

    expect(imported).toEqual([]);
    listeners.load();
    await new Promise((r) => setTimeout(r, 0));
    expect(imported).toEqual(["/web-vitals.js?v=abc"]);
    expect(logged).toEqual(["CLS", "INP", "LCP", "FCP", "TTFB"].map((n) => [`[web-vitals] ${n}`, 1.23, "good"]));
  });

  it("cannot be broken out of by its URL", () => {
    expect(webVitalsLoggerSource('"</script><script>alert(1)//')).not.toContain("</script>");
  });
});
