import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { splitComponent } from "./split-component";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** The complete HTML once everything has loaded (what a crawler gets). */
function renderAll(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    let html = "";
    out.on("data", (chunk) => (html += chunk));
    out.on("end", () => resolve(html));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(out), onError: reject });
  });
}

describe("splitComponent", () => {
  test("the server renders the full markup in one pass (no fallback to swap in by script), so the page works without JavaScript", () => {
    const Split = splitComponent(Greeting, () => Promise.reject(new Error("the server must not load")), "Greeting");
    const html = renderToString(<Split name="Ada" />);
    expect(html).toContain("<p>Hello, <!-- -->Ada</p>");
    expect(html).not.toContain("<template");
  });

  test("without a server implementation (the browser build) the code is fetched only when the component renders", async () => {
    let loads = 0;
    const Split = splitComponent<{ name: string }>(
      undefined,
      async () => {
        loads++;
        return Greeting;
      },
      "Greeting",
    );
    expect(loads).toBe(0);
    expect(await renderAll(<Split name="Grace" />)).toContain("Grace");
    expect(loads).toBe(1);
    // Loaded once; afterwards it renders in the same pass, without suspending (so it hydrates with the page).
    expect(renderToString(<Split name="Alan" />)).toContain("Alan");
    expect(loads).toBe(1);
  });
});
