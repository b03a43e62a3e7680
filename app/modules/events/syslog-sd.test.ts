/** RFC 5424 §6.3 structured data as parseSyslogLine reads it (the wire-level tests are tests/unit/syslog-wire.test.ts). */
import { describe, expect, it } from "vitest";
import { parseSyslogLine } from "./parse";

const NOW = Date.parse("2026-11-27T10:00:00Z");

describe("RFC 5424 structured data", () => {
  it('unescapes \\" \\\\ \\] in values, keeps other backslashes, drops the BOM, reads NILVALUE', () => {
    const e = parseSyslogLine(
      '<165>1 2026-11-27T09:00:00Z h app 12 ID1 [a@1 p="x\\"y\\\\z\\]w\\n"][meta sequenceId="7"] \uFEFFhello',
      NOW,
    );
    expect(e).toMatchObject({
      message: "hello",
      fields: { "sd.a@1.p": 'x"y\\z]w\\n', "sd.meta.sequenceId": "7", severity: "notice", facility: "local4" },
    });
    const nil = parseSyslogLine("<14>1 - - - - - -", NOW);
    expect(nil).toMatchObject({ host: null, message: null, time: NOW });
  });

  it("rejects malformed structured data instead of corrupting the message", () => {
    for (const line of ['<14>1 - h a - - [x p="unterminated] m', "<14>1 - h a - - [x p=1] m", "<14>1 - h a - - [] m"])
      expect(parseSyslogLine(line, NOW)).toBe("The line's structured data is malformed (RFC 5424 §6.3)");
  });

  it("parses a 250 KB value full of escapes in linear time", () => {
    const value = '\\"\\]'.repeat(62_000);
    const t = performance.now();
    const e = parseSyslogLine(`<14>1 - h a - - [x p="${value}"] m`, NOW);
    expect(performance.now() - t).toBeLessThan(500);
    expect(typeof e).toBe("object");
  });
});
