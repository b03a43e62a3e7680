// The catalogues against their source files: every count and id is computed here a second way (plain JSON walks,
// line patterns over the YAML, the regulation's own text) and compared with what the loaders produce.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogDir, ensureCatalogs, parseBaseline, parseCatalogue, storedCatalogue } from "./catalog.server";
import { findFramework } from "./frameworks";
import {
  CatalogueFormatError,
  loadCsfJson,
  loadHipaaStructureJson,
  loadOpenControlYaml,
  loadOscalCatalogJson,
  loadOscalProfileJson,
  oscalToOpenControlId,
} from "./loaders";
import { sqlite } from "~/lib/db.server";

const read = (f: string) => fs.readFileSync(path.join(catalogDir(), f), "utf8");
const CSF = findFramework("nist-csf-2.0")!;
const SP80053 = findFramework("nist-800-53-rev5")!;
const HIPAA = findFramework("hipaa-security")!;

describe("NIST CSF 2.0", () => {
  const source = JSON.parse(read(CSF.file)) as { items: { id: string; class: string; status: string }[] };
  const items = parseCatalogue(CSF);

  it("has 6 functions, 22 categories and 106 subcategories, with the source's ids", () => {
    const active = (cls: string) =>
      source.items.filter((i) => i.class === cls && i.status === "active").map((i) => i.id);
    expect(active("function")).toHaveLength(6);
    expect(active("category")).toHaveLength(22);
    expect(active("subcategory")).toHaveLength(106);
    expect(items.filter((i) => i.kind === "function" && !i.withdrawn).map((i) => i.id)).toEqual(active("function"));
    expect(items.filter((i) => i.kind === "category" && !i.withdrawn).map((i) => i.id)).toEqual(active("category"));
    expect(items.filter((i) => i.assessable).map((i) => i.id)).toEqual(active("subcategory"));
    expect(active("function")).toEqual(["GV", "ID", "PR", "DE", "RS", "RC"]);
  });

  it("keeps the 91 withdrawn CSF 1.1 ids, none of them assessable", () => {
    const withdrawn = source.items.filter((i) => i.status === "withdrawn").map((i) => i.id);
    expect(withdrawn).toHaveLength(12 + 79);
    expect(items.filter((i) => i.withdrawn).map((i) => i.id)).toEqual(withdrawn);
    expect(items.some((i) => i.withdrawn && i.assessable)).toBe(false);
  });
});

describe("NIST SP 800-53 rev5 (OpenControl YAML)", () => {
  const text = read(SP80053.file);
  // Independent count: the top-level keys, one per line, in the file.
  const keys = [...text.matchAll(/^([A-Z]{2}-\d+(?: \(\d+\))?):\s*$/gm)].map((m) => m[1]);
  const items = parseCatalogue(SP80053);

  it("has 1,189 entries: 322 controls and 867 enhancements, in 20 families", () => {
    expect(keys).toHaveLength(1189);
    expect(items.map((i) => i.id)).toEqual(keys);
    expect(items.filter((i) => i.kind === "control")).toHaveLength(322);
    expect(items.filter((i) => i.kind === "enhancement")).toHaveLength(867);
    expect(new Set(items.map((i) => i.id.slice(0, 2))).size).toBe(20);
    expect(items.find((i) => i.id === "RA-5")).toMatchObject({ title: "Vulnerability Monitoring and Scanning" });
    expect(items.find((i) => i.id === "AC-2 (1)")).toMatchObject({ parentId: "AC-2", kind: "enhancement" });
  });

  it("reads an entry without a description as withdrawn", () => {
    expect(items.find((i) => i.id === "AC-13")).toMatchObject({ withdrawn: true });
    expect(items.find((i) => i.id === "AC-2")).toMatchObject({ withdrawn: false });
  });

  it.each([
    ["LOW", 149],
    ["MODERATE", 287],
    ["HIGH", 370],
    ["PRIVACY", 96],
  ])("the %s baseline selects %i controls, all in the catalogue and none withdrawn", (name, count) => {
    const file = SP80053.baselines!.find((b) => b.name === name)!.file;
    const profile = JSON.parse(read(file)) as {
      profile: { imports: { "include-controls": { "with-ids": string[] }[] }[] };
    };
    const sourceIds = profile.profile.imports.flatMap((i) => i["include-controls"].flatMap((c) => c["with-ids"]));
    expect(sourceIds).toHaveLength(count);
    const ids = parseBaseline(SP80053, name.toLowerCase(), items);
    expect(ids).toEqual(sourceIds.map(oscalToOpenControlId));
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(ids.every((id) => byId.get(id) && !byId.get(id)!.withdrawn)).toBe(true);
  });

  it("converts OSCAL control ids to the printed form", () => {
    expect(oscalToOpenControlId("ac-2")).toBe("AC-2");
    expect(oscalToOpenControlId("ac-2.12")).toBe("AC-2 (12)");
    expect(() => oscalToOpenControlId("AC-2(1)")).toThrow(CatalogueFormatError);
  });
});

describe("HIPAA Security Rule", () => {
  const items = parseCatalogue(HIPAA);
  const text = fs
    .readdirSync(path.join(catalogDir(), "hipaa/security-rule-text-45cfr164-subpartC"))
    .filter((f) => /^164-3(08|10|12|14|16)-/.test(f))
    .map((f) => read(`hipaa/security-rule-text-45cfr164-subpartC/${f}`))
    .join("\n");

  it("has 22 standards and 41 implementation specifications, 19 Required and 22 Addressable, as the regulation says", () => {
    // The CFR text: 21 paragraphs say "Standard:", and 164.308(b)(1) is a standard phrased without the word.
    expect(text.match(/Standard:/g)).toHaveLength(21);
    expect(text.match(/\(Required\)/g)).toHaveLength(19);
    expect(text.match(/\(Addressable\)/g)).toHaveLength(22);
    expect(items.filter((i) => i.kind === "standard")).toHaveLength(22);
    expect(items.filter((i) => i.kind === "implementation_specification")).toHaveLength(41);
    expect(items.filter((i) => i.requirement === "Required")).toHaveLength(19);
    expect(items.filter((i) => i.requirement === "Addressable")).toHaveLength(22);
  });

  it("keeps the source's ids and attaches each specification to its standard", () => {
    const source = JSON.parse(read(HIPAA.file)) as { items: { id: string }[] };
    expect(items.map((i) => i.id)).toEqual(source.items.map((i) => i.id));
    expect(items.find((i) => i.id === "164.308(a)(1)(ii)(A)")).toMatchObject({
      title: "Risk analysis",
      parentId: "164.308(a)(1)(i)",
      requirement: "Required",
    });
    expect(items.find((i) => i.id === "164.312(b)")).toMatchObject({ kind: "standard", title: "Audit controls" });
    expect(items.find((i) => i.id === "164.308(b)(3)")).toMatchObject({ parentId: "164.308(b)(1)" });
  });
});

describe("HIPAA Security Rule text", () => {
  const items = parseCatalogue(HIPAA);

  it("gives every standard and specification its paragraph of the regulation, whose marker agrees with the structure", () => {
    for (const item of items) {
      expect(item.statement, item.id).toBeTruthy();
      if (item.kind === "implementation_specification")
        expect(item.statement, item.id).toContain(`(${item.requirement})`);
      else if (item.id !== "164.308(b)(1)") expect(item.statement, item.id).toMatch(/^Standard: /);
      expect(item.statement, item.id).not.toMatch(/\]\(|FR \d+/);
    }
    expect(items.find((i) => i.id === "164.312(b)")?.statement).toBe(
      "Standard: Audit controls. Implement hardware, software, and/or procedural mechanisms that record and examine activity in information systems that contain or use electronic protected health information.",
    );
    // A standard's unnumbered sub-paragraphs belong to it; a specification's text stays with the specification.
    expect(items.find((i) => i.id === "164.316(b)(1)")?.statement).toMatch(
      /^Standard: Documentation\.\n\(i\) Maintain the policies/,
    );
    expect(items.find((i) => i.id === "164.316(b)(1)")?.statement).not.toContain("Time limit");
  });
});

describe("loaders refuse what is not their format", () => {
  it("names the problem instead of loading half a catalogue", () => {
    expect(() => loadCsfJson('{"items":[{"id":"X","class":"chapter","status":"active"}]}')).toThrow(/unknown class/);
    expect(() => loadOpenControlYaml("name: x\nAC-1:\n  family: AU\n  name: Wrong family\n")).toThrow(/family/);
    expect(() => loadOpenControlYaml("name: x\nnot an id: {}\n")).toThrow(/unexpected key/);
    expect(() => loadOscalProfileJson('{"profile":{"imports":[{"include-all":{}}]}}')).toThrow(/include-all/);
    expect(() =>
      loadHipaaStructureJson(
        '{"items":[{"id":"1","kind":"implementation_specification","title":"t","requirement":"Optional"}]}',
      ),
    ).toThrow(/Required or Addressable/);
    expect(() => loadCsfJson("[]")).toThrow(CatalogueFormatError);
  });

  it("reads a catalogue of the same format as data (a two-entry OpenControl standard)", () => {
    const items = loadOpenControlYaml(
      "name: Example\nXY-1:\n  family: XY\n  name: First\n  description: Do it.\nXY-1 (1):\n  family: XY\n  name: More\n  description: ''\n",
    );
    expect(items).toEqual([
      expect.objectContaining({ id: "XY-1", kind: "control", statement: "Do it.", withdrawn: false }),
      expect.objectContaining({ id: "XY-1 (1)", parentId: "XY-1", withdrawn: true }),
    ]);
  });
});

describe("OSCAL catalogs", () => {
  // An excerpt of NIST's SP 800-53 rev5 OSCAL catalog (resolved HIGH baseline, OSCAL 1.1.2), its shape kept as
  // published: groups, controls with label props, parameters, statement parts, nested enhancements.
  const excerpt = {
    catalog: {
      uuid: "00000000-0000-4000-8000-000000000000",
      metadata: { title: "excerpt" },
      groups: [
        {
          id: "ac",
          class: "family",
          title: "Access Control",
          controls: [
            {
              id: "ac-2",
              class: "SP800-53",
              title: "Account Management",
              params: [
                { id: "ac-02_odp.03", label: "personnel or roles" },
                { id: "ac-02_odp.10", select: { "how-many": "one", choice: ["disable", "remove"] } },
              ],
              props: [
                { name: "label", value: "AC-02", class: "zero-padded" },
                { name: "label", value: "AC-2" },
                { name: "sort-id", value: "ac-02" },
              ],
              parts: [
                {
                  id: "ac-2_smt",
                  name: "statement",
                  parts: [
                    {
                      id: "ac-2_smt.b",
                      name: "item",
                      props: [{ name: "label", value: "b." }],
                      prose: "Assign account managers;",
                    },
                    {
                      id: "ac-2_smt.e",
                      name: "item",
                      props: [{ name: "label", value: "e." }],
                      prose: "Require approvals by {{ insert: param, ac-02_odp.03 }} for requests to create accounts;",
                      parts: [
                        {
                          id: "x",
                          name: "item",
                          props: [{ name: "label", value: "1." }],
                          prose: "Then {{ insert: param, ac-02_odp.10 }}.",
                        },
                      ],
                    },
                  ],
                },
                { id: "ac-2_gdn", name: "guidance", prose: "Not part of the statement." },
              ],
              controls: [
                {
                  id: "ac-2.1",
                  class: "SP800-53-enhancement",
                  title: "Automated System Account Management",
                  props: [{ name: "label", value: "AC-2(1)" }],
                  parts: [{ id: "ac-2.1_smt", name: "statement", prose: "Support the management of system accounts." }],
                },
                {
                  id: "ac-2.10",
                  title: "Shared and Group Account Credential Change",
                  props: [{ name: "status", value: "withdrawn" }],
                },
              ],
            },
          ],
        },
      ],
    },
  };

  it("reads controls, enhancements, statements with parameters, and withdrawn status", () => {
    const items = loadOscalCatalogJson(JSON.stringify(excerpt));
    expect(items.map((i) => [i.id, i.parentId, i.kind, i.withdrawn])).toEqual([
      ["AC-2", null, "control", false],
      ["AC-2 (1)", "AC-2", "enhancement", false],
      ["AC-2 (10)", "AC-2", "enhancement", true],
    ]);
    expect(items[0].statement).toBe(
      "b. Assign account managers;\ne. Require approvals by [Assignment: organization-defined personnel or roles] for requests to create accounts;\n  1. Then [Selection: disable; remove].",
    );
    expect(items[1].statement).toBe("Support the management of system accounts.");
  });

  it("keeps a non-800-53 control by its label, and refuses a catalog without controls", () => {
    const csf = {
      catalog: {
        groups: [
          {
            id: "gv",
            title: "GOVERN",
            controls: [{ id: "gv.oc-01", title: "GV.OC-01", props: [{ name: "label", value: "GV.OC-01" }] }],
          },
        ],
      },
    };
    expect(loadOscalCatalogJson(JSON.stringify(csf))[0].id).toBe("GV.OC-01");
    expect(() => loadOscalCatalogJson('{"catalog":{"groups":[]}}')).toThrow(/no controls/);
    expect(() => loadOscalCatalogJson('{"profile":{}}')).toThrow(CatalogueFormatError);
  });
});

describe("catalogues in SQLite", () => {
  it("are loaded once per database, with the counts of the files", () => {
    ensureCatalogs();
    const count = (sql: string, ...args: unknown[]) =>
      (
        sqlite()
          .prepare(sql)
          .get(...args) as { n: number }
      ).n;
    expect(count("SELECT count(*) n FROM compliance_catalog_items WHERE framework = 'nist-800-53-rev5'")).toBe(1189);
    expect(
      count("SELECT count(*) n FROM compliance_catalog_items WHERE framework = 'nist-csf-2.0' AND assessable = 1"),
    ).toBe(106);
    expect(count("SELECT count(*) n FROM compliance_baseline_items WHERE baseline = 'high'")).toBe(370);
    expect(count("SELECT count(*) n FROM compliance_catalog_items WHERE framework = 'hipaa-security'")).toBe(63);
    const loadedAt = sqlite().prepare("SELECT loaded_at FROM compliance_catalog_versions").all();
    ensureCatalogs();
    expect(sqlite().prepare("SELECT loaded_at FROM compliance_catalog_versions").all()).toEqual(loadedAt);
    expect(storedCatalogue("nist-csf-2.0").filter((i) => i.withdrawn)).toHaveLength(91);
  });
});
