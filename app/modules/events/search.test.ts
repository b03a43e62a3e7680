// The /logs query language: parsing (AND/OR/NOT, parentheses, quotes, wildcards, errors) and search over
// this file's real SQLite database with FTS5, tenant isolation and the histogram.
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../../tests/unit/helpers";
import { parseNdjson } from "./parse";
import { parseQuery, QueryError } from "./search";
import { searchEvents } from "./search.server";
import { storeEvents } from "./store.server";

const NOW = Date.UTC(2026, 2, 10, 12);

describe("query parser", () => {
  it("reads terms, fields, boolean operators with AND over OR, and negation", () => {
    expect(parseQuery("")).toBeNull();
    expect(parseQuery('error host:web-* -user:"svc backup" OR (EventID:4625 AND NOT outcome:success)')).toEqual({
      kind: "or",
      items: [
        {
          kind: "and",
          items: [
            { kind: "text", value: "error", phrase: false },
            { kind: "field", field: "host", value: "web-*" },
            { kind: "not", item: { kind: "field", field: "user", value: "svc backup" } },
          ],
        },
        {
          kind: "and",
          items: [
            { kind: "field", field: "EventID", value: "4625" },
            { kind: "not", item: { kind: "field", field: "outcome", value: "success" } },
          ],
        },
      ],
    });
  });

  it("explains what is wrong", () => {
    expect(() => parseQuery("(a OR b")).toThrow(QueryError);
    expect(() => parseQuery('"open')).toThrow("closing quote");
    expect(() => parseQuery("a OR")).toThrow(QueryError);
    expect(() => parseQuery("user:")).toThrow("Give a value after user:");
    expect(() => parseQuery("a )")).toThrow(QueryError);
    expect(() => parseQuery("(".repeat(20) + "a" + ")".repeat(20))).toThrow("nested");
  });
});

describe("search", () => {
  it("finds by free text, field values with wildcards, NOT and OR, newest first, per tenant", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const lines = [
      { time: NOW - 5000, message: "Failed password for root", host: "bastion", "user.name": "root", EventID: 4625 },
      { time: NOW - 4000, message: "Accepted publickey for ada", host: "bastion", "user.name": "ada" },
      { time: NOW - 3000, message: "GET /health 200", host: "web-1", status: 200 },
      { time: NOW - 2000, message: "GET /admin 403", host: "web-2", status: 403 },
    ].map((o) => JSON.stringify({ ...o, time: new Date(o.time).toISOString() }));
    await storeEvents(a.tenantId, parseNdjson(lines.join("\n"), NOW).events);
    await storeEvents(b.tenantId, parseNdjson(lines.join("\n"), NOW).events);
    const q = (query: string) =>
      searchEvents({ tenantId: a.tenantId, query, from: NOW - 3600_000, to: NOW + 1 }).events.map((e) => e.message);
    expect(q("password")).toEqual(["Failed password for root"]);
    expect(q("pass*")).toEqual(["Failed password for root"]);
    expect(q('"accepted publickey"')).toEqual(["Accepted publickey for ada"]);
    expect(q("host:web-*")).toEqual(["GET /admin 403", "GET /health 200"]);
    expect(q("host:web-* -status:200")).toEqual(["GET /admin 403"]);
    expect(q("EventID:4625 OR user.name:ada")).toEqual(["Accepted publickey for ada", "Failed password for root"]);
    expect(q("host:bastion AND NOT root")).toEqual(["Accepted publickey for ada"]);
    expect(q("user.name:AD?")).toEqual(["Accepted publickey for ada"]);
    expect(q("message:*admin*")).toEqual(["GET /admin 403"]);
    // Characters that mean something to FTS5 or SQL are plain text.
    expect(q('x"; DROP TABLE events; --"')).toEqual([]);
    expect(q("NEAR(a b)")).toEqual([]);
    const all = searchEvents({ tenantId: a.tenantId, query: "", from: NOW - 3600_000, to: NOW + 1 });
    expect(all.total).toBe(4);
    expect(all.histogram.reduce((s, h) => s + h.count, 0)).toBe(4);
    expect(
      searchEvents({ tenantId: a.tenantId, query: "", from: NOW - 3600_000, to: NOW + 1, page: 2, pageSize: 3 }).events,
    ).toHaveLength(1);
  });
});

describe("field terms", () => {
  it("match the field's whole value, case-insensitively, whatever its type", async () => {
    const { tenantId } = await signedInUser();
    const lines = [
      { message: "one", Image: "C:\\Windows\\System32\\cmd.exe", user: "Ada", ratio: 0.1 + 0.2, elevated: true },
      { message: "two", Image: "C:\\Windows\\System32\\cmd.exe.bak", user: "ada lovelace", ratio: 2, elevated: false },
      { message: "three", note: "user Ada ran cmd.exe", EventID: 4625, code: "a_b" },
    ].map((o, i) => JSON.stringify({ ...o, time: new Date(NOW - 5000 + i * 1000).toISOString() }));
    await storeEvents(tenantId, parseNdjson(lines.join("\n"), NOW).events);
    const q = (query: string) =>
      searchEvents({ tenantId, query, from: NOW - 3600_000, to: NOW + 1 })
        .events.map((e) => e.message)
        .sort();
    expect(q("Image:c:\\windows\\system32\\cmd.exe")).toEqual(["one"]);
    expect(q("user:ada")).toEqual(["one"]);
    expect(q('user:"ada lovelace"')).toEqual(["two"]);
    expect(q("user:lovelace")).toEqual([]); // a word of the value is not the value
    expect(q("NOT user:ada")).toEqual(["two"]); // an event without the field is not listed, as before
    expect(q("NOT (message:one OR NOT user:ada)")).toEqual([]);
    expect(q("EventID:4625")).toEqual(["three"]);
    expect(q("code:a_b")).toEqual(["three"]);
    expect(q("elevated:1")).toEqual(["one"]); // JSON true reads as 1, as before
    expect(q("ratio:0.30000000000000004")).toEqual(["one"]);
    expect(q("ratio:2")).toEqual(["two"]);
  });
});
