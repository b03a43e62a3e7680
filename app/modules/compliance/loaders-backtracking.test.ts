import { expect, it } from "vitest";
import { loadHipaaRegulationText } from "./loaders";

it("a line of many quote markers followed by text reads at once (the old blank-quote test backtracked exponentially)", () => {
  const text = `(a) Standard.\n\n${">  ".repeat(40)}x\n\n(b) Next.\n`;
  const t = performance.now();
  loadHipaaRegulationText([{ section: "164.308", text }], ["164.308(a)"]);
  expect(performance.now() - t).toBeLessThan(1000);
});
