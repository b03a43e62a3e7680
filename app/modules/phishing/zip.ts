/**
 * Just enough of the ZIP format (PKWARE APPNOTE 6.3, "central directory") to
 * list an archive's file names and whether each entry is encrypted, without
 * extracting anything. Used to spot encrypted archives and executables hidden
 * in archives, and VBA projects inside Office Open XML files. A broken or
 * truncated archive gives null, never an exception.
 */

export type ZipEntry = { name: string; encrypted: boolean };

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === LOC_SIG;
}

export function listZipEntries(buf: Buffer, maxEntries = 2000): ZipEntry[] | null {
  try {
    if (buf.length < 22) return null;
    // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
    const start = Math.max(0, buf.length - 22 - 0xffff);
    let eocd = -1;
    for (let i = buf.length - 22; i >= start; i--) {
      if (buf.readUInt32LE(i) === EOCD_SIG) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return scanLocalHeaders(buf, maxEntries);
    const count = buf.readUInt16LE(eocd + 10);
    let offset = buf.readUInt32LE(eocd + 16);
    const entries: ZipEntry[] = [];
    for (let n = 0; n < count && n < maxEntries; n++) {
      if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CEN_SIG) break;
      const flags = buf.readUInt16LE(offset + 8);
      const nameLen = buf.readUInt16LE(offset + 28);
      const extraLen = buf.readUInt16LE(offset + 30);
      const commentLen = buf.readUInt16LE(offset + 32);
      const name = buf.toString("utf8", offset + 46, Math.min(buf.length, offset + 46 + nameLen));
      entries.push({ name, encrypted: (flags & 1) === 1 });
      offset += 46 + nameLen + extraLen + commentLen;
    }
    return entries.length ? entries : scanLocalHeaders(buf, maxEntries);
  } catch {
    return null;
  }
}

/** A truncated archive has no central directory: fall back to the local file headers. */
function scanLocalHeaders(buf: Buffer, maxEntries: number): ZipEntry[] | null {
  const entries: ZipEntry[] = [];
  let offset = 0;
  while (offset + 30 <= buf.length && entries.length < maxEntries) {
    if (buf.readUInt32LE(offset) !== LOC_SIG) break;
    const flags = buf.readUInt16LE(offset + 6);
    const compressed = buf.readUInt32LE(offset + 18);
    const nameLen = buf.readUInt16LE(offset + 26);
    const extraLen = buf.readUInt16LE(offset + 28);
    entries.push({
      name: buf.toString("utf8", offset + 30, Math.min(buf.length, offset + 30 + nameLen)),
      encrypted: (flags & 1) === 1,
    });
    // With a data descriptor (bit 3) the size is not known here: stop rather than guess.
    if (flags & 8) break;
    offset += 30 + nameLen + extraLen + compressed;
  }
  return entries.length ? entries : null;
}

/** Minimal ZIP writer (stored, optionally flagged encrypted) for test fixtures. */
export function buildZip(files: { name: string; data: Buffer; encrypted?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, "utf8");
    const flags = f.encrypted ? 1 : 0;
    const loc = Buffer.alloc(30);
    loc.writeUInt32LE(LOC_SIG, 0);
    loc.writeUInt16LE(20, 4);
    loc.writeUInt16LE(flags, 6);
    loc.writeUInt32LE(f.data.length, 18);
    loc.writeUInt32LE(f.data.length, 22);
    loc.writeUInt16LE(name.length, 26);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(CEN_SIG, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(flags, 8);
    cen.writeUInt32LE(f.data.length, 20);
    cen.writeUInt32LE(f.data.length, 24);
    cen.writeUInt16LE(name.length, 28);
    cen.writeUInt32LE(offset, 42);
    locals.push(loc, name, f.data);
    centrals.push(cen, name);
    offset += 30 + name.length + f.data.length;
  }
  const cenBuf = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(EOCD_SIG, 0);
  eocd.writeUInt16LE(files.length, 8);
  eocd.writeUInt16LE(files.length, 10);
  eocd.writeUInt32LE(cenBuf.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cenBuf, eocd]);
}
