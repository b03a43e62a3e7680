import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

async function run(chunks: (string | Buffer)[]) {
  const t = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  t.on("data", (d: Buffer | string) => out.push(Buffer.from(d)));
  const ended = new Promise((r) => t.on("end", r));
  for (const c of chunks) t.write(c);
  t.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

const HTML =
  '<p>Été — ok</p><link rel="modulepreload" href="/build/a.js"/><link rel="modulepreload" href="/build/b.js"/><script type="module">import "/build/a.js"</script>';
const EXPECTED = HTML.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("module preloads at low priority", () => {
  it("marks every modulepreload and changes nothing else", async () => {
    expect(await run([HTML])).toBe(EXPECTED);
  });

  it("finds tags and characters cut at any chunk boundary", async () => {
    const bytes = Buffer.from(HTML);
    for (let i = 1; i < bytes.length; i++) {
      expect(await run([bytes.subarray(0, i), bytes.subarray(i)])).toBe(EXPECTED);
    }
    // Byte by byte.
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(EXPECTED);
  });
});
