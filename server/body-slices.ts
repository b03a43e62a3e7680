// A request body already read into memory, handed on in slices with a turn of the event loop
// between them (issue 26 §2). Parsers downstream (the multipart readers of undici and Remix)
// work through each chunk they are given in one go: a 2-10 MB body given as one chunk held
// the event loop 300-700 ms, and /healthz with it.

/** The slice size: a parser's work on one slice is a millisecond or two. */
export const BODY_SLICE_BYTES = 64 * 1024;

export async function* bodySlices(body: Buffer, size = BODY_SLICE_BYTES): AsyncGenerator<Buffer> {
  for (let at = 0; at < body.length; at += size) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    yield body.subarray(at, at + size);
  }
}

/** The same slices as a web stream (for a Fetch API Request or Response body). */
export function bodyStream(body: Buffer): ReadableStream<Uint8Array> {
  const slices = bodySlices(body);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await slices.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
  });
}
