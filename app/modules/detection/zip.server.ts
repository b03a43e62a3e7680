/**
 * A rule archive's entries, inflated under the size each entry declares (issue 26: the same class as the
 * compression bombs of ingestion). fflate's unzipSync trusts the sizes in the zip headers only to size its
 * output buffer and then inflates the whole stream anyway: 200 KB of zip declaring 1,000 bytes for 200 MB of
 * content held the event loop 3 s (a 10 MB archive, minutes). Here fflate only walks the archive; each deflated
 * entry is inflated by Node's zlib with maxOutputLength at its declared size, which stops at that size: an entry
 * that lies about its size is an error, at the cost of its declared size.
 */
import zlib from "node:zlib";
import { Unzip, UnzipPassThrough, type AsyncFlateStreamHandler, type FlateError, type UnzipFileInfo } from "fflate";

class CappedInflate {
  static readonly compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  private readonly parts: Uint8Array[] = [];
  constructor(
    _name: string,
    _size?: number,
    private readonly originalSize?: number,
  ) {}
  push(data: Uint8Array, final: boolean) {
    this.parts.push(data);
    if (!final) return;
    try {
      const out = zlib.inflateRawSync(Buffer.concat(this.parts), {
        maxOutputLength: Math.max(1, this.originalSize ?? 0),
      });
      this.ondata(null, new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength), true);
    } catch {
      this.ondata(
        Object.assign(new Error("the entry does not inflate to its declared size"), { code: 1 }) as FlateError,
        new Uint8Array(0),
        true,
      );
    }
  }
}

/**
 * The entries `filter` accepts (it sees each entry's name and declared sizes before anything is inflated), by
 * name. Throws when the archive cannot be read or an accepted entry does not inflate to its declared size.
 */
export function unzipCapped(bytes: Uint8Array, filter: (file: UnzipFileInfo) => boolean): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    const info: UnzipFileInfo = {
      name: file.name,
      size: file.size ?? 0,
      originalSize: file.originalSize ?? 0,
      compression: file.compression,
    };
    if (!filter(info)) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, data, final) => {
      if (err) failure ??= err;
      else chunks.push(data);
      if (final && !err) out[file.name] = Buffer.concat(chunks);
    };
    file.start();
  });
  unzip.register(UnzipPassThrough);
  unzip.register(CappedInflate);
  unzip.push(bytes, true);
  if (failure) throw failure;
  return out;
}
