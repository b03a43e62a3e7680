/**
 * React's server renderer writes a document in small pieces (a few KB each), and the Remix adapter writes each
 * piece to the response and flushes it, so compression ran and flushed once per piece. This stream joins what the
 * renderer writes within one turn of the event loop into one chunk: a page without suspended parts goes out as one
 * write, while later parts (streamed loader data) still go out as soon as they are rendered. Why:
 * docs/decisions/022-signed-in-page-speed.md.
 */
import { Transform } from "node:stream";

export function coalescedStream(): Transform {
  let parts: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding, done) {
      parts.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      done();
    },
  });
  function release() {
    scheduled = false;
    if (parts.length === 0) return;
    const chunk = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts = [];
    stream.push(chunk);
  }
  return stream;
}
