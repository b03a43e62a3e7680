/**
 * Stage "attachments": each attachment judged by name and by content.
 * Executables (by extension or the MZ header), scripts, HTML files (a
 * password field, a form or a redirect script inside), macro-enabled Office
 * files (by extension, the OLE VBA project or vbaProject.bin inside OOXML),
 * disk images, double extensions, encrypted or dangerous archives (zip.ts),
 * and PDFs with JavaScript or launch actions. Lists of extensions: lists.ts.
 *
 * At most LIMITS.attachmentScan bytes of a file are examined, with indexOf
 * scans that look a bounded distance past each marker (no pattern can be made
 * to re-read the file from every position).
 */
import { createHash } from "node:crypto";
import {
  ARCHIVE_EXT,
  DECOY_EXT,
  DISK_IMAGE_EXT,
  EXECUTABLE_EXT,
  HTML_EXT,
  MACRO_OFFICE_EXT,
  SCRIPT_EXT,
} from "../lists";
import { isZip, listZipEntries } from "../zip";
import type { AddSignal, AnalyzedAttachment } from "./types";
import { cap, extOf, LIMITS, shorten } from "./text";

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const VBA_UTF16 = Buffer.from("_VBA_PROJECT", "utf16le");

/** One attachment as the parse stage found it. */
export type AttachmentInput = {
  filename?: string;
  contentType?: string;
  contentDisposition?: string;
  size?: number;
  content: Buffer | string | unknown;
};

/** Does an HTML file ask for a password, hold a form or redirect by script? One pass of indexOf calls. */
export function htmlHasCredentialTrap(source: string): boolean {
  const src = cap(source, LIMITS.attachmentScan).toLowerCase();
  if (src.includes("<form") || src.includes("window.location") || src.includes("atob(") || src.includes("eval("))
    return true;
  if (src.includes("document.write(unescape")) return true;
  // <input ... type=password: look only inside each tag (up to its ">", at most 500 characters).
  // The next ">" is searched again only once passed, so a file of unclosed tags is still read once.
  let close = -1;
  for (let i = src.indexOf("<input"); i >= 0; i = src.indexOf("<input", i + 6)) {
    if (close !== src.length && close < i) {
      close = src.indexOf(">", i);
      if (close < 0) close = src.length;
    }
    const tag = src.slice(i, Math.min(close, i + 500));
    if (tag.includes("password") && /type\s*=\s*["']?password/.test(tag)) return true;
  }
  return false;
}

/** Does a PDF carry JavaScript or a launch action? Each /OpenAction looks at most 1,000 bytes ahead. */
export function pdfHasActiveContent(source: string): boolean {
  const src = cap(source, LIMITS.attachmentScan);
  if (src.includes("/JavaScript") || src.includes("/Launch")) return true;
  for (let i = src.indexOf("/OpenAction"); i >= 0; i = src.indexOf("/OpenAction", i + 11)) {
    let j = i + 11;
    while (j < src.length && j < i + 40 && /\s/.test(src[j]!)) j++;
    if (src.startsWith("<<", j)) {
      const window = src.slice(j + 2, j + 1000);
      const end = window.indexOf(">");
      if ((end < 0 ? window : window.slice(0, end)).includes("/JS")) return true;
    }
  }
  return false;
}

/** Runs the attachments stage. */
export function analyzeAttachments(attachments: AttachmentInput[], add: AddSignal): AnalyzedAttachment[] {
  const out: AnalyzedAttachment[] = [];
  for (const a of attachments.slice(0, 100)) {
    const content: Buffer = Buffer.isBuffer(a.content) ? a.content : Buffer.from(String(a.content ?? ""));
    const filename = cap((a.filename ?? "").trim(), LIMITS.filename) || "(unnamed)";
    const contentType = cap(a.contentType ?? "application/octet-stream", 200).toLowerCase();
    const sha256 = createHash("sha256").update(content).digest("hex");
    const issues: string[] = [];
    const ext = extOf(filename);
    const label = `"${shorten(filename, 60)}" (SHA-256 ${sha256})`;
    const partsExt = filename
      .toLowerCase()
      .split(".")
      .slice(1)
      .map((p) => p.trim());
    const risky = (e: string) =>
      EXECUTABLE_EXT.has(e) ||
      SCRIPT_EXT.has(e) ||
      HTML_EXT.has(e) ||
      MACRO_OFFICE_EXT.has(e) ||
      DISK_IMAGE_EXT.has(e) ||
      ARCHIVE_EXT.has(e);

    if (partsExt.length >= 2 && DECOY_EXT.has(partsExt[partsExt.length - 2]!) && risky(ext)) {
      issues.push("double extension");
      add(
        "attachments",
        `att-double-${sha256.slice(0, 8)}`,
        45,
        `Attachment ${label} has a double extension: it pretends to be a .${partsExt[partsExt.length - 2]} but is a .${ext}.`,
      );
    }
    const isMz = content.length > 2 && content[0] === 0x4d && content[1] === 0x5a;
    if (EXECUTABLE_EXT.has(ext) || isMz) {
      issues.push("executable");
      add(
        "attachments",
        `att-exe-${sha256.slice(0, 8)}`,
        50,
        `Attachment ${label} is an executable program${isMz && !EXECUTABLE_EXT.has(ext) ? ` disguised as .${ext || "a file without extension"}` : ""}.`,
      );
    } else if (SCRIPT_EXT.has(ext)) {
      issues.push("script");
      add(
        "attachments",
        `att-script-${sha256.slice(0, 8)}`,
        50,
        `Attachment ${label} is a script (.${ext}) that runs when opened.`,
      );
    } else if (HTML_EXT.has(ext) || (/^text\/html/.test(contentType) && a.contentDisposition === "attachment")) {
      const credential = htmlHasCredentialTrap(content.subarray(0, LIMITS.attachmentScan).toString("utf8"));
      issues.push(credential ? "HTML with a form or script" : "HTML file");
      add(
        "attachments",
        `att-html-${sha256.slice(0, 8)}`,
        credential ? 40 : 30,
        `Attachment ${label} is an HTML file${credential ? " containing a form or script" : ""}: opened, it shows a page (often a fake sign-in) outside the mail client's protection.`,
      );
    } else if (MACRO_OFFICE_EXT.has(ext)) {
      issues.push("macro-enabled Office file");
      add(
        "attachments",
        `att-macro-${sha256.slice(0, 8)}`,
        35,
        `Attachment ${label} is a macro-enabled Office file (.${ext}); macros in mailed documents are a common way to install malware.`,
      );
    } else if (DISK_IMAGE_EXT.has(ext)) {
      issues.push("disk image");
      add(
        "attachments",
        `att-image-${sha256.slice(0, 8)}`,
        35,
        `Attachment ${label} is a disk image (.${ext}), used to carry programs past mail filters.`,
      );
    } else if (content.subarray(0, 8).equals(OLE_MAGIC) && content.includes(VBA_UTF16)) {
      issues.push("Office file with macros");
      add(
        "attachments",
        `att-macro-${sha256.slice(0, 8)}`,
        35,
        `Attachment ${label} is an Office document that contains macros (a VBA project).`,
      );
    }
    if (isZip(content)) {
      const entries = listZipEntries(content) ?? [];
      if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(cap(e.name, 1000)))) {
        if (!MACRO_OFFICE_EXT.has(ext)) {
          issues.push("Office file with macros");
          add(
            "attachments",
            `att-vba-${sha256.slice(0, 8)}`,
            35,
            `Attachment ${label} contains a VBA macro project although its name does not say so.`,
          );
        }
      } else if (ARCHIVE_EXT.has(ext) || /zip/.test(contentType)) {
        if (entries.some((e) => e.encrypted)) {
          issues.push("encrypted archive");
          add(
            "attachments",
            `att-encrypted-${sha256.slice(0, 8)}`,
            30,
            `Attachment ${label} is a password-protected archive: scanners cannot look inside, which is why malware is sent this way.`,
          );
        }
        const inner = entries.map((e) => e.name).filter((n) => risky(extOf(n)) && !ARCHIVE_EXT.has(extOf(n)));
        if (inner.length) {
          issues.push("archive containing executable content");
          add(
            "attachments",
            `att-inner-${sha256.slice(0, 8)}`,
            45,
            `Attachment ${label} is an archive containing ${inner
              .slice(0, 3)
              .map((n) => `"${shorten(n, 40)}"`)
              .join(", ")}${inner.length > 3 ? " and more" : ""}.`,
          );
        }
      }
    } else if (
      (ext === "rar" && content.includes(Buffer.from("Rar!"))) ||
      ext === "7z" ||
      ext === "ace" ||
      ext === "arj"
    ) {
      issues.push("archive that could not be inspected");
      add(
        "attachments",
        `att-archive-${sha256.slice(0, 8)}`,
        8,
        `Attachment ${label} is a .${ext} archive whose contents could not be inspected here.`,
      );
    }
    if (ext === "pdf" && pdfHasActiveContent(content.subarray(0, LIMITS.attachmentScan).toString("latin1"))) {
      issues.push("PDF with embedded script or launch action");
      add(
        "attachments",
        `att-pdfjs-${sha256.slice(0, 8)}`,
        20,
        `Attachment ${label} is a PDF with embedded JavaScript or a launch action.`,
      );
    }
    out.push({ filename: shorten(filename, 200), contentType, size: a.size ?? content.length, sha256, issues });
  }
  return out;
}
