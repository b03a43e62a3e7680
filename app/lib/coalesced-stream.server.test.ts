import { describe, expect, it } from "vitest";
import { coalescedStream } from "./coalesced-stream.server";

function collect(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const out: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (c: Buffer) => out.push(c));
    stream.on("end", () => resolve(out));
    stream.on("error", reject);
  });
}

describe("coalescedStream", () => {
  it("sends what is written in one turn as one chunk, bytes unchanged", async () => {
    const s = coalescedStream();
    const done = collect(s);
    const text = "<p>é</p>".repeat(500);
    const bytes = Buffer.from(text);
    // Cut inside a multi-byte character as well: bytes pass through untouched.
    for (let i = 0; i < bytes.length; i += 7) s.write(bytes.subarray(i, i + 7));
    s.end();
    const chunks = await done;
    expect(chunks).toHaveLength(1);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(text);
  });

  it("still sends a later part when it is written, before the stream ends", async () => {
    const s = coalescedStream();
    const seen: string[] = [];
    s.on("data", (c: Buffer) => seen.push(c.toString()));
    s.write("shell-");
    s.write("body");
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(["shell-body"]);
    s.write("late data");
    s.end();
    await new Promise((r) => s.on("end", r));
    expect(seen).toEqual(["shell-body", "late data"]);
  });
});
