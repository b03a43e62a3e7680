/**
 * Turns a raw message into the text model's input ({ subject, text, urls })
 * the way the analyzer does: mailparser for MIME, html-to-text for HTML
 * (never rendered), each link written as "text [href]".
 */
import { simpleParser } from "mailparser";
import { convert } from "html-to-text";
import type { ModelInput } from "~/modules/phishing/index.server";
import { prepareForParsing, SNIFFING_ICONV } from "~/modules/phishing/index.server";

const HREF = /href\s*=\s*["']?([^"'\s>]{1,2000})/gi;

export async function parseForModel(raw: string | Buffer): Promise<ModelInput> {
  // The analyzer's decoding (issue 29): UTF-8 when valid, else the declared charset, else Latin-1.
  const buf = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const crlf = buf.indexOf("\r\n\r\n");
  const lf = buf.indexOf("\n\n");
  const headerEnd = Math.min(...[crlf, lf, buf.length].filter((x) => x >= 0));
  const parsed = await simpleParser(prepareForParsing(buf, headerEnd), {
    skipImageLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: 2_000_000,
    Iconv: SNIFFING_ICONV,
  });
  const html = typeof parsed.html === "string" ? parsed.html : "";
  let text = parsed.text ?? "";
  const urls: string[] = [];
  if (html) {
    for (const m of html.slice(0, 2_000_000).matchAll(HREF)) {
      if (/^https?:|^www\./i.test(m[1]!)) urls.push(m[1]!);
      if (urls.length >= 200) break;
    }
    // Like the analyzer: when there is HTML, its text is what the reader sees.
    {
      try {
        text = convert(html, {
          wordwrap: false,
          limits: { maxInputLength: 2_000_000, maxChildNodes: 5000, maxDepth: 60 },
          selectors: [
            { selector: "style", format: "skip" },
            { selector: "img", format: "skip" },
          ],
        });
      } catch {
        text = html.replace(/<[^>]+>/g, " ");
      }
    }
  }
  return { subject: parsed.subject ?? "", text, urls };
}
