/**
 * Pages are rendered on the server and work without JavaScript, so the
 * scripts that hydrate them matter less than the content. Remix's <Scripts>
 * preloads every module with the browser's default (high) priority and offers
 * no way to say otherwise; this stream adds `fetchpriority="low"` to those
 * `<link rel="modulepreload">` tags as the HTML goes out, so the browser
 * paints the page before spending the network on its scripts. Hydration
 * still starts as soon as they arrive. Why: docs/decisions/013.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const NEEDLE = '<link rel="modulepreload"';
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"';

/** How many trailing characters of `text` could begin a tag that the next chunk completes. */
function partialNeedleAtEnd(text: string): number {
  for (let k = Math.min(NEEDLE.length - 1, text.length); k > 0; k--) if (text.endsWith(NEEDLE.slice(0, k))) return k;
  return 0;
}

/** Rewrites the tags as the HTML streams, whole UTF-8 characters and tags cut by a chunk boundary included. */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = (carry + (typeof chunk === "string" ? chunk : decoder.write(chunk))).split(NEEDLE).join(REPLACEMENT);
      const keep = partialNeedleAtEnd(text);
      carry = text.slice(text.length - keep);
      done(null, text.slice(0, text.length - keep));
    },
    flush(done) {
      done(null, carry + decoder.end());
    },
  });
}
