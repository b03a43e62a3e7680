// Issue 26 (the class of §8): a rule archive whose entry headers understate their size is refused at the
// declared size, not inflated to the end; honest archives unpack as before.
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../../tests/unit/helpers";
import { importRuleFiles } from "./library.server";
import { unzipCapped } from "./zip.server";

/** A zip whose only entry, `a.yml`, holds `bytes` but declares 1,000 bytes (local header and central directory). */
function lyingZip(bytes: number): Uint8Array {
  const z = zipSync({ "a.yml": [new Uint8Array(bytes).fill(65), { level: 6 }] });
  const dv = new DataView(z.buffer, z.byteOffset, z.byteLength);
  dv.setUint32(22, 1000, true);
  for (let i = z.length - 22; i >= 0; i -= 1)
    if (dv.getUint32(i, true) === 0x02014b50) {
      dv.setUint32(i + 24, 1000, true);
      break;
    }
  return z;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

describe("rule archives", () => {
  it("unpack honest entries, stored or deflated", () => {
    const z = zipSync({
      "a.yml": new TextEncoder().encode("title: a\n"),
      "b.yml": [new Uint8Array(5000).fill(66), { level: 0 }],
    });
    const out = unzipCapped(z, () => true);
    expect(new TextDecoder().decode(out["a.yml"])).toBe("title: a\n");
    expect(out["b.yml"]).toHaveLength(5000);
  });

  it("refuse an entry that inflates past its declared size, in CPU time of that size", async () => {
    const bomb = lyingZip(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(400_000);
    // CPU time, not wall time: the shared machine's load cannot fail it. Before: ~0.7 s for these 200 MB (~7 s for a 10 MB archive's 2 GB); now a few ms.
    const t = cpuMs();
    expect(() => unzipCapped(bomb, (f) => f.originalSize <= 256 * 1024)).toThrow();
    expect(cpuMs() - t).toBeLessThan(100);
    const { tenantId, user } = await signedInUser();
    const before = cpuMs();
    const r = importRuleFiles(tenantId, user.id, [{ name: "rules.zip", bytes: bomb }]);
    const used = cpuMs() - before;
    console.log(JSON.stringify({ importCpuMs: Math.round(used) }));
    expect(used).toBeLessThan(100);
    expect(r.added).toEqual([]);
    expect(r.refused).toEqual([{ file: "rules.zip", message: "the archive could not be read as a zip file" }]);
  });
});
