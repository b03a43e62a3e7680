/**
 * The parse pool's deadline (issue 36, the untrusted-input rules): a file that takes longer than its deadline in
 * the worker thread is answered 413 with a message saying so, and the pool goes on serving the next file.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeNmapPool, parseInWorker } from "./parse-pool.server";

afterAll(() => closeNmapPool());

const host = (i: number) =>
  `<host><status state="up"/><address addr="10.${(i >> 8) & 255}.${i & 255}.1" addrtype="ipv4"/><ports>${Array.from(
    { length: 15 },
    (_, p) =>
      `<port protocol="tcp" portid="${p + 1}"><state state="open"/><service name="x" product="p" version="1"/><script id="ssl-cert" output="o"><table key="subject"><elem key="commonName">c</elem></table></script></port>`,
  ).join("")}</ports></host>`;

describe("parsing in the worker", () => {
  it("stops a parse past its deadline with a 413, then parses the next file", async () => {
    const big = `<nmaprun start="1">${Array.from({ length: 4000 }, (_, i) => host(i)).join("")}</nmaprun>`;
    await expect(parseInWorker(big, 5)).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/longer than/),
    });
    const small = await parseInWorker(
      '<nmaprun start="1"><host><status state="up"/><address addr="192.0.2.1" addrtype="ipv4"/></host></nmaprun>',
    );
    expect(small.hosts.map((h) => h.address)).toEqual(["192.0.2.1"]);
  }, 60_000);

  it("answers 503 at once beyond 8 waiting files, and reads those that waited behind a stopped parse", async () => {
    const big = `<nmaprun start="1">${Array.from({ length: 4000 }, (_, i) => host(i)).join("")}</nmaprun>`;
    const small = (i: number) =>
      `<nmaprun start="1"><host><status state="up"/><address addr="192.0.2.${i}" addrtype="ipv4"/></host></nmaprun>`;
    const stopped = parseInWorker(big, 5);
    const waiting = Array.from({ length: 8 }, (_, i) => parseInWorker(small(i + 1)));
    await expect(parseInWorker(small(99))).rejects.toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    await expect(stopped).rejects.toMatchObject({ status: 413 });
    const read = await Promise.all(waiting);
    expect(read.map((scan) => scan.hosts[0]!.address)).toEqual(Array.from({ length: 8 }, (_, i) => `192.0.2.${i + 1}`));
  }, 60_000);
});
