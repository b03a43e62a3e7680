/**
 * The frameworks a tenant can adopt, as data: each names its catalogue files
 * (under db/catalogs/) and their format (loaders.ts). Adding a catalogue in a
 * known format is an entry here. Isomorphic: the page reads names and
 * baselines from here too.
 */

export type CatalogueFormat = "csf-json" | "opencontrol-yaml" | "hipaa-structure-json" | "oscal-catalog-json";

export type Baseline = { key: string; name: string; format: "oscal-profile-json"; file: string };

export type Framework = {
  key: string;
  name: string;
  shortName: string;
  /** Who publishes it, for the report. */
  source: string;
  format: CatalogueFormat;
  file: string;
  /** What one requirement is called in this framework. */
  requirementNoun: string;
  /** Baselines select the requirements a tenant adopts; a framework with baselines is adopted with one. */
  baselines: Baseline[] | null;
  /** Frameworks whose requirements are Required or Addressable can be filtered to Required only. */
  requiredFilter: boolean;
  /** HIPAA: the regulation's text, one markdown file per CFR section ("164-308-....md"), for each requirement's statement. */
  textDir?: string;
};

const NIST_PROFILE = (b: string): Baseline => ({
  key: b.toLowerCase(),
  name: b,
  format: "oscal-profile-json",
  file: `nist-800-53-rev5/NIST_SP-800-53_rev5_${b}-baseline_profile.json`,
});

export const FRAMEWORKS: readonly Framework[] = [
  {
    key: "nist-csf-2.0",
    name: "NIST Cybersecurity Framework 2.0",
    shortName: "NIST CSF 2.0",
    source: "NIST CSF 2.0 core (OSCAL catalog 1.2.0), public domain",
    format: "csf-json",
    file: "nist-csf-2.0/csf2_core.transcribed.json",
    requirementNoun: "subcategory",
    baselines: null,
    requiredFilter: false,
  },
  {
    key: "nist-800-53-rev5",
    name: "NIST SP 800-53 Rev. 5",
    shortName: "NIST 800-53",
    source: "NIST SP 800-53 rev5 (OpenControl catalogue; OSCAL 5.1.1 baselines), public domain",
    format: "opencontrol-yaml",
    file: "nist-800-53-rev5-opencontrol/nist-800-53-rev5.yaml",
    requirementNoun: "control",
    baselines: ["LOW", "MODERATE", "HIGH", "PRIVACY"].map(NIST_PROFILE),
    requiredFilter: false,
  },
  {
    key: "hipaa-security",
    name: "HIPAA Security Rule",
    shortName: "HIPAA",
    source: "45 CFR Part 164 Subpart C (§§164.308–164.316), public domain",
    format: "hipaa-structure-json",
    file: "hipaa/hipaa_security_rule_structure.derived.json",
    requirementNoun: "standard or implementation specification",
    baselines: null,
    requiredFilter: true,
    textDir: "hipaa/security-rule-text-45cfr164-subpartC",
  },
];

export const FRAMEWORK_KEYS = FRAMEWORKS.map((f) => f.key) as [string, ...string[]];

export function findFramework(key: string): Framework | undefined {
  return FRAMEWORKS.find((f) => f.key === key);
}

/** The framework's name as the score and the report show it, with its baseline ("NIST SP 800-53 Rev. 5 (HIGH)"). */
export function frameworkLabel(framework: Framework, baseline: string | null): string {
  const b = baseline ? framework.baselines?.find((x) => x.key === baseline) : undefined;
  return b ? `${framework.name} (${b.name})` : framework.name;
}

export const STATUSES = ["not-started", "in-progress", "compliant", "not-applicable"] as const;
export type RequirementStatus = (typeof STATUSES)[number];

export const STATUS_LABEL: Record<RequirementStatus, string> = {
  "not-started": "Not started",
  "in-progress": "In progress",
  compliant: "Compliant",
  "not-applicable": "Not applicable",
};

/** HIPAA: a requirement counts as Required unless it is an Addressable implementation specification (standards are mandatory, §164.306(c)). */
export function isRequired(requirement: string | null): boolean {
  return requirement !== "Addressable";
}
