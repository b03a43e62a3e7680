/**
 * A small RFC 5322 / MIME writer for the evaluation set generator: encoded
 * words for non-ASCII headers (RFC 2047), base64 or quoted-printable bodies,
 * multipart/alternative and multipart/mixed with attachments.
 */
export type Attachment = { filename: string; contentType: string; content: Buffer | string };
export type MessageSpec = {
  headers: [string, string][];
  text?: string;
  html?: string;
  attachments?: Attachment[];
  /** Body transfer encoding for text parts (default: 8bit for ASCII, base64 otherwise). */
  encoding?: "base64" | "quoted-printable" | "8bit";
};

const NON_ASCII = /[^\x20-\x7e]/;

export function encodeWord(s: string): string {
  return NON_ASCII.test(s) ? `=?UTF-8?B?${Buffer.from(s, "utf8").toString("base64")}?=` : s;
}

/** "Name <addr>" with the name quoted or encoded as needed. */
export function mailbox(name: string, address: string): string {
  if (!name) return `<${address}>`;
  if (NON_ASCII.test(name)) return `${encodeWord(name)} <${address}>`;
  return /[(),.:;<>@[\]"]/.test(name) ? `"${name.replace(/"/g, '\\"')}" <${address}>` : `${name} <${address}>`;
}

function wrap76(s: string): string {
  return s.replace(/.{1,76}/g, "$&\r\n");
}

function qp(s: string): string {
  const bytes = Buffer.from(s.replace(/\r?\n/g, "\n"), "utf8");
  let out = "";
  let line = "";
  for (const b of bytes) {
    let chunk: string;
    if (b === 0x0a) {
      out += line + "\r\n";
      line = "";
      continue;
    }
    if ((b >= 33 && b <= 126 && b !== 61) || b === 32) chunk = String.fromCharCode(b);
    else chunk = "=" + b.toString(16).toUpperCase().padStart(2, "0");
    if (line.length + chunk.length > 75) {
      out += line + "=\r\n";
      line = "";
    }
    line += chunk;
  }
  return out + line + "\r\n";
}

function part(contentType: string, body: string, enc: MessageSpec["encoding"]): string {
  const ascii = !NON_ASCII.test(body.replace(/[\r\n\t]/g, ""));
  const e = enc ?? (ascii ? "8bit" : "base64");
  const content =
    e === "base64"
      ? wrap76(Buffer.from(body, "utf8").toString("base64"))
      : e === "quoted-printable"
        ? qp(body)
        : body.replace(/\r?\n/g, "\r\n") + "\r\n";
  return `Content-Type: ${contentType}; charset="utf-8"\r\nContent-Transfer-Encoding: ${e === "8bit" && ascii ? "7bit" : e}\r\n\r\n${content}`;
}

function attachmentPart(a: Attachment): string {
  const data = typeof a.content === "string" ? Buffer.from(a.content, "utf8") : a.content;
  const name = encodeWord(a.filename);
  return (
    `Content-Type: ${a.contentType}; name="${name}"\r\n` +
    `Content-Disposition: attachment; filename="${name}"\r\n` +
    `Content-Transfer-Encoding: base64\r\n\r\n${wrap76(data.toString("base64"))}`
  );
}

export function buildMessage(spec: MessageSpec, boundarySeed: string): string {
  const head = spec.headers.map(([k, v]) => `${k}: ${v}`).join("\r\n") + "\r\nMIME-Version: 1.0\r\n";
  const b1 = `=_alt_${boundarySeed}`;
  const b2 = `=_mix_${boundarySeed}`;
  let body: string;
  let ctype: string;
  if (spec.text !== undefined && spec.html !== undefined) {
    ctype = `multipart/alternative; boundary="${b1}"`;
    body =
      `--${b1}\r\n${part("text/plain", spec.text, spec.encoding)}` +
      `--${b1}\r\n${part("text/html", spec.html, spec.encoding)}--${b1}--\r\n`;
  } else if (spec.html !== undefined) {
    const p = part("text/html", spec.html, spec.encoding);
    const i = p.indexOf("\r\n\r\n");
    ctype = p.slice("Content-Type: ".length, p.indexOf("\r\n"));
    body = p.slice(i + 4);
    if (!spec.attachments?.length)
      return `${head}Content-Type: ${ctype}\r\n${p.slice(p.indexOf("\r\n") + 2, i)}\r\n\r\n${body}`;
  } else {
    const p = part("text/plain", spec.text ?? "", spec.encoding);
    const i = p.indexOf("\r\n\r\n");
    ctype = p.slice("Content-Type: ".length, p.indexOf("\r\n"));
    body = p.slice(i + 4);
    if (!spec.attachments?.length)
      return `${head}Content-Type: ${ctype}\r\n${p.slice(p.indexOf("\r\n") + 2, i)}\r\n\r\n${body}`;
  }
  if (!spec.attachments?.length) return `${head}Content-Type: ${ctype}\r\n\r\n${body}`;
  // multipart/mixed: the body part(s) first, then the attachments.
  let first: string;
  if (ctype.startsWith("multipart/")) first = `Content-Type: ${ctype}\r\n\r\n${body}`;
  else
    first =
      spec.html !== undefined && spec.text === undefined
        ? part("text/html", spec.html, spec.encoding)
        : part("text/plain", spec.text ?? "", spec.encoding);
  let out = `${head}Content-Type: multipart/mixed; boundary="${b2}"\r\n\r\nThis is a multi-part message in MIME format.\r\n\r\n--${b2}\r\n${first}`;
  for (const a of spec.attachments) out += `--${b2}\r\n${attachmentPart(a)}`;
  return out + `--${b2}--\r\n`;
}

export function rfc2822Date(d: Date, offsetMinutes: number): string {
  const local = new Date(d.getTime() + offsetMinutes * 60_000);
  const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const pad = (n: number) => String(n).padStart(2, "0");
  const sign = offsetMinutes >= 0 ? "+" : "-";
  const off = Math.abs(offsetMinutes);
  return `${days[local.getUTCDay()]}, ${local.getUTCDate()} ${months[local.getUTCMonth()]} ${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${sign}${pad(Math.floor(off / 60))}${pad(off % 60)}`;
}

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
