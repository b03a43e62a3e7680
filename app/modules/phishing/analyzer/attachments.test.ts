import { describe, expect, it } from "vitest";
import { buildZip } from "../zip";
import { analyzeAttachments, htmlHasCredentialTrap, pdfHasActiveContent } from "./attachments";
import { collect } from "./test-helpers";

describe("attachments stage", () => {
  it("flags executables, double extensions and HTML sign-in pages", () => {
    const c = collect();
    const out = analyzeAttachments(
      [
        { filename: "invoice.pdf.exe", contentType: "application/octet-stream", content: Buffer.from("MZ\x90\x00") },
        { filename: "login.html", contentType: "text/html", content: Buffer.from('<input type="password">') },
      ],
      c.add,
    );
    expect(out.map((a) => a.issues)).toEqual([["double extension", "executable"], ["HTML with a form or script"]]);
    expect(c.signals.map((s) => s.weight)).toEqual([45, 50, 40]);
  });

  it("looks inside zip archives", () => {
    const c = collect();
    const zip = buildZip([{ name: "scan.js", data: Buffer.from("x") }]);
    analyzeAttachments([{ filename: "scan.zip", contentType: "application/zip", content: zip }], c.add);
    expect(c.signals.some((s) => s.id.startsWith("att-inner-"))).toBe(true);
  });

  it("finds active content in PDFs and credential traps in HTML, in one pass over hostile input", () => {
    expect(pdfHasActiveContent("%PDF-1.4 /OpenAction << /S /JavaScript /JS (app.alert(1)) >>")).toBe(true);
    expect(pdfHasActiveContent("%PDF-1.4 /OpenAction << /D [3 0 R /Fit] >>")).toBe(false);
    expect(htmlHasCredentialTrap("<div><INPUT name=p TYPE=password></div>")).toBe(true);
    expect(htmlHasCredentialTrap("<p>Hello</p>")).toBe(false);
    const cpu = process.cpuUsage();
    expect(pdfHasActiveContent("/OpenAction<<".repeat(150_000))).toBe(false);
    expect(htmlHasCredentialTrap("<input ".repeat(280_000))).toBe(false);
    // About 4 MB in all: a quadratic scan of it would take hours, a linear one well under this bound.
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(1500);
  });
});
