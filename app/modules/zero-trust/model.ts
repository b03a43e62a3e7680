/**
 * The CISA Zero Trust Maturity Model as data: its five pillars and three cross-cutting capabilities, each
 * function with the four stages as CISA describes them. The model is a work of the US government (public domain);
 * the stage texts below are CISA's descriptions, shortened to one sentence each where the original runs longer.
 *
 * Structure choice: CISA's pillar tables also repeat the three capabilities per pillar ("Identity Visibility and
 * Analytics Capability", ...); we keep them once, in the cross-cutting section, as the model's section 5.6 does,
 * so a team answers 25 functions instead of 40.
 *
 * Each function also says what its next step looks like in Rampart (`rampart`), and carries an effort and an
 * impact from 1 to 3 (our judgement, used only to order the roadmap: high impact and low effort first).
 */
export const ZTMM_SOURCE = {
  title: "Zero Trust Maturity Model",
  publisher: "Cybersecurity and Infrastructure Security Agency (CISA)",
  version: "2.0",
  published: "2023-04",
  url: "https://www.cisa.gov/zero-trust-maturity-model",
} as const;

export const STAGES = ["Traditional", "Initial", "Advanced", "Optimal"] as const;
export type StageName = (typeof STAGES)[number];
/** 0 Traditional … 3 Optimal. */
export type Stage = 0 | 1 | 2 | 3;

export type ZtFunction = {
  id: string;
  name: string;
  /** CISA's description of each stage, Traditional to Optimal. */
  stages: readonly [string, string, string, string];
  effort: 1 | 2 | 3;
  impact: 1 | 2 | 3;
  /** Where in Rampart the next step is taken, if anywhere. */
  rampart?: { text: string; href: string };
};

export type ZtGroup = {
  id: string;
  name: string;
  kind: "pillar" | "capability";
  functions: readonly ZtFunction[];
};

export const ZTMM: readonly ZtGroup[] = [
  {
    id: "identity",
    name: "Identity",
    kind: "pillar",
    functions: [
      {
        id: "identity.authentication",
        name: "Authentication",
        stages: [
          "Authenticates entities using passwords or multi-factor authentication with static access entitlements.",
          "Authenticates entities using multi-factor authentication, which may include passwords, and requires validation of multiple entity attributes.",
          "Authenticates all entities using phishing-resistant multi-factor authentication and attributes; begins implementing passwordless MFA.",
          "Continuously validates identity with phishing-resistant MFA, not just when access is initially granted.",
        ],
        effort: 1,
        impact: 3,
        rampart: {
          text: "Require two-factor sign-in for every member and register passkeys (phishing-resistant).",
          href: "/settings/security",
        },
      },
      {
        id: "identity.stores",
        name: "Identity Stores",
        stages: [
          "Only uses self-managed (on-premises) identity stores.",
          "Has a combination of self-managed and hosted identity stores with minimal integration between them.",
          "Begins to securely consolidate and integrate some self-managed and hosted identity stores.",
          "Securely integrates its identity stores across all partners and environments as appropriate.",
        ],
        effort: 2,
        impact: 2,
        rampart: {
          text: "Connect your identity provider with single sign-on so Rampart uses the same store.",
          href: "/settings/sso",
        },
      },
      {
        id: "identity.risk",
        name: "Risk Assessments",
        stages: [
          "Makes limited determinations of identity risk (the likelihood that an identity is compromised).",
          "Determines identity risk using manual methods and static rules to support visibility.",
          "Determines identity risk using automated analysis and dynamic rules to inform access decisions and response.",
          "Determines identity risk in real time based on continuous analysis and dynamic rules to deliver ongoing protection.",
        ],
        effort: 2,
        impact: 2,
        rampart: {
          text: "Watch your domains for breached credentials so compromised identities are known.",
          href: "/dark-web-monitoring",
        },
      },
      {
        id: "identity.access",
        name: "Access Management",
        stages: [
          "Authorizes permanent access with periodic review for both privileged and unprivileged accounts.",
          "Authorizes access, including for privileged access requests, that expires with automated review.",
          "Authorizes need-based and session-based access, including for privileged access, tailored to actions and resources.",
          "Uses automation to authorize just-in-time and just-enough access tailored to individual actions and individual resource needs.",
        ],
        effort: 2,
        impact: 3,
        rampart: {
          text: "Give each member the least role that covers their work and review the member list.",
          href: "/settings/members",
        },
      },
    ],
  },
  {
    id: "devices",
    name: "Devices",
    kind: "pillar",
    functions: [
      {
        id: "devices.compliance",
        name: "Policy Enforcement & Compliance Monitoring",
        stages: [
          "Has limited visibility into device compliance and few ways of enforcing policies or managing software, configuration or vulnerabilities.",
          "Has begun to obtain verified insights (initial inventory) of devices and their compliance, with some policy enforcement.",
          "Has verified insights on most devices and automated enforcement of compliance policies with limited exceptions.",
          "Continuously verifies insights and enforces compliance throughout the lifetime of devices and virtual assets.",
        ],
        effort: 2,
        impact: 3,
        rampart: {
          text: "Enrol your devices and check them against the endpoint policies.",
          href: "/endpoint-security",
        },
      },
      {
        id: "devices.assets",
        name: "Asset & Supply Chain Risk Management",
        stages: [
          "Does not track physical or virtual assets in an enterprise-wide or cross-vendor way, and manages its own supply chain ad hoc.",
          "Begins to track all physical and some virtual assets and establishes supply chain risk policies and controls based on recommendations.",
          "Begins an enterprise-wide view of physical and virtual assets with automated processes that can work across multiple vendors to verify acquisitions, track development cycles and provide third-party assessments.",
          "Has a comprehensive, near real-time view of all assets across vendors and service providers and automates supply chain risk management as applicable.",
        ],
        effort: 2,
        impact: 2,
        rampart: {
          text: "Scan your applications' dependency lockfiles against known advisories.",
          href: "/vulnerability",
        },
      },
      {
        id: "devices.resources",
        name: "Resource Access",
        stages: [
          "Does not require visibility into devices or virtual assets to approve resource access.",
          "Requires some devices or virtual assets to report characteristics, then uses this information to approve resource access.",
          "Initial resource access considers verified device or virtual asset insights.",
          "Resource access considers real-time risk analytics within devices and virtual assets.",
        ],
        effort: 3,
        impact: 2,
      },
      {
        id: "devices.threats",
        name: "Device Threat Protection",
        stages: [
          "Manually deploys threat protection capabilities to some devices.",
          "Has some automated processes for deploying and updating threat protection capabilities and policy enforcement to devices.",
          "Begins to consolidate threat protection capabilities into centralized solutions for devices and virtual assets and integrates most with policy enforcement.",
          "Has a centralized threat protection security solution with advanced capabilities for all devices and virtual assets, and a unified approach to threat protection, policy enforcement and monitoring.",
        ],
        effort: 2,
        impact: 3,
      },
    ],
  },
  {
    id: "networks",
    name: "Networks",
    kind: "pillar",
    functions: [
      {
        id: "networks.segmentation",
        name: "Network Segmentation",
        stages: [
          "Defines its network architecture using large perimeter or macro-segmentation with minimal restrictions on traffic inside the network.",
          "Begins deploying network architecture with isolation of critical workloads, limiting connectivity by least function, and a transition toward service-specific interconnections.",
          "Expands the deployment of endpoint and application profile isolation mechanisms to more of its network, with ingress and egress micro-perimeters and service-specific interconnections.",
          "Network architecture consists of fully distributed ingress and egress micro-perimeters and extensive micro-segmentation based on application profiles, with dynamic just-in-time and just-enough connectivity.",
        ],
        effort: 3,
        impact: 3,
        rampart: {
          text: "Scan your networks and close the services that should not be reachable.",
          href: "/network-security",
        },
      },
      {
        id: "networks.traffic",
        name: "Network Traffic Management",
        stages: [
          "Manually implements static network rules and configurations to manage traffic, with limited monitoring and alerting.",
          "Establishes application profiles with differing traffic management features and begins mapping all applications to them.",
          "Implements dynamic network rules and configurations for resource optimization, periodically adjusted from automated risk-aware and risk-responsive application profile assessments.",
          "Implements dynamic network rules and configurations that evolve to meet application profile needs and re-prioritizes applications based on mission criticality and risk.",
        ],
        effort: 3,
        impact: 2,
      },
      {
        id: "networks.encryption",
        name: "Traffic Encryption",
        stages: [
          "Encrypts minimal internal traffic and manages encryption keys ad hoc.",
          "Begins to encrypt all traffic to internal applications, prioritizes encrypting traffic to external applications, and begins to formalize key management.",
          "Ensures that all applicable internal and external traffic protocols are encrypted, manages keys and certificates, and incorporates best practices for cryptographic agility.",
          "Continues to encrypt traffic as appropriate, enforces least-privilege principles for secure enterprise-wide key management, and incorporates cryptographic agility best practices broadly.",
        ],
        effort: 2,
        impact: 3,
        rampart: {
          text: "Grade your websites' HTTPS and security headers, and fix weak TLS found by network scans.",
          href: "/vulnerability",
        },
      },
      {
        id: "networks.resilience",
        name: "Network Resilience",
        stages: [
          "Configures network capabilities to meet available requirements on a case-by-case basis, with limited mechanisms for workloads other than mission-critical ones.",
          "Begins to address network resilience requirements for mission-critical workloads.",
          "Configures network capabilities to dynamically manage availability demands and resilience mechanisms for most applications.",
          "Integrates holistic delivery and awareness for adapting to changes in availability demand for all workloads, with proportionate resilience.",
        ],
        effort: 3,
        impact: 2,
      },
    ],
  },
  {
    id: "applications",
    name: "Applications and Workloads",
    kind: "pillar",
    functions: [
      {
        id: "applications.access",
        name: "Application Access",
        stages: [
          "Authorizes access to applications primarily based on local authorization and static attributes.",
          "Begins implementing authorization capabilities for application access that incorporate contextual information (identity, device compliance and other attributes) per request, with expiration.",
          "Automates application access decisions with expanded contextual information and enforced expiration conditions that adhere to least-privilege principles.",
          "Continuously authorizes application access, incorporating real-time risk analytics and factors such as behavior or usage patterns.",
        ],
        effort: 2,
        impact: 3,
        rampart: { text: "Put your applications behind single sign-on with two-factor.", href: "/settings/sso" },
      },
      {
        id: "applications.threats",
        name: "Application Threat Protections",
        stages: [
          "Threat protections have limited integration with application workflows, applying general-purpose protections against known threats.",
          "Integrates threat protections into mission-critical application workflows, applying protections against known threats and some application-specific threats.",
          "Integrates threat protections into all application workflows, protecting against some targeted and application-specific threats.",
          "Integrates advanced threat protections into all application workflows, offering real-time visibility and content-aware protections against sophisticated attacks tailored to applications.",
        ],
        effort: 2,
        impact: 2,
        rampart: {
          text: "Turn on detection rules over your applications' logs and route alerts to someone.",
          href: "/siem-soar",
        },
      },
      {
        id: "applications.accessible",
        name: "Accessible Applications",
        stages: [
          "Makes some mission-critical applications available only through private networks and protected public network connections (for example VPN) that are continually monitored.",
          "Makes some mission-critical applications available over open public networks to authorized users with need when needed.",
          "Makes most applicable mission-critical applications available over open public network connections to authorized users with need.",
          "Makes all applicable applications available over open public networks to authorized users and entities where appropriate.",
        ],
        effort: 3,
        impact: 1,
      },
      {
        id: "applications.devops",
        name: "Secure Application Development and Deployment Workflow",
        stages: [
          "Has ad hoc development, testing and production environments, with non-robust code deployment mechanisms.",
          "Provides infrastructure for development, testing and production environments (including automation) and formal code deployment mechanisms through CI/CD pipelines with access controls.",
          "Uses distinct and coordinated teams for development, security and operations while removing developer access to production for code deployment, except in emergencies.",
          "Leverages immutable workloads where feasible, allowing changes only through redeployment, and removes administrator access to deployment environments in favor of automated processes.",
        ],
        effort: 3,
        impact: 2,
      },
      {
        id: "applications.testing",
        name: "Application Security Testing",
        stages: [
          "Performs application security testing prior to deployment, primarily through manual testing methods.",
          "Begins to use static and dynamic application security testing methods, including manual expert analysis, prior to deployment.",
          "Integrates application security testing into the development and deployment process, including periodic dynamic testing.",
          "Integrates application security testing throughout the software development lifecycle with routinely automated testing of deployed applications.",
        ],
        effort: 1,
        impact: 3,
        rampart: {
          text: "Scan every application's lockfile and schedule recurring scans of your websites.",
          href: "/vulnerability",
        },
      },
    ],
  },
  {
    id: "data",
    name: "Data",
    kind: "pillar",
    functions: [
      {
        id: "data.inventory",
        name: "Data Inventory Management",
        stages: [
          "Manually identifies and inventories some agency data (for example mission-critical data).",
          "Begins to automate data inventory processes for on-premises and cloud environments, covering some data, and begins to put data-loss protections in place.",
          "Automates data inventory and tracking across the enterprise for all applicable data, with loss-prevention strategies based on static attributes or labels.",
          "Continuously inventories all applicable data and employs robust data-loss prevention strategies that dynamically block suspected exfiltration.",
        ],
        effort: 1,
        impact: 3,
        rampart: {
          text: "Record the systems that hold personal data in the privacy data map.",
          href: "/privacy/data-map",
        },
      },
      {
        id: "data.categorization",
        name: "Data Categorization",
        stages: [
          "Uses limited and ad hoc capabilities for categorizing and labelling data.",
          "Begins to implement a data categorization strategy with defined labels and manual enforcement mechanisms.",
          "Automates some data categorization and labelling processes in a consistent, tiered, targeted manner, with simple, structured formats and regular review.",
          "Automates data categorization and labelling enterprise-wide, with granular, structured formats and coverage of all data types.",
        ],
        effort: 2,
        impact: 2,
        rampart: {
          text: "Name the categories of personal data each system holds in the data map.",
          href: "/privacy/data-map",
        },
      },
      {
        id: "data.availability",
        name: "Data Availability",
        stages: [
          "Primarily makes data available from on-premises data stores, with some off-site backups.",
          "Makes some data available from redundant, highly available data stores and ensures access to historical data.",
          "Makes data available primarily from redundant, highly available data stores and ensures access to historical data.",
          "Uses dynamic methods to optimize data availability, including historical data, according to user and entity needs.",
        ],
        effort: 2,
        impact: 2,
      },
      {
        id: "data.access",
        name: "Data Access",
        stages: [
          "Governs user and entity access to data (including permissions to read, write, copy, grant others access) through static access controls.",
          "Begins deploying automated data access controls that incorporate elements of least privilege across the enterprise.",
          "Automates data access controls that consider various attributes such as identity, device risk, application and data category, and are time-limited where applicable.",
          "Automates dynamic just-in-time and just-enough data access controls across the enterprise, with permissions reviewed continuously.",
        ],
        effort: 3,
        impact: 3,
      },
      {
        id: "data.encryption",
        name: "Data Encryption",
        stages: [
          "Encrypts minimal agency data at rest and in transit, relying on manual or ad hoc processes to manage and secure keys.",
          "Encrypts all data in transit and, where feasible, data at rest (for example mission-critical data and data stored in external environments), and begins formalizing key management.",
          "Encrypts all data at rest and in transit across the enterprise to the maximum extent possible, begins to incorporate cryptographic agility and protects keys.",
          "Encrypts data in use where appropriate, enforces least-privilege principles for secure key management enterprise-wide, and applies up-to-date standards with cryptographic agility.",
        ],
        effort: 2,
        impact: 3,
        rampart: {
          text: "Check your cloud storage and keys for encryption and rotation.",
          href: "/cloud-security",
        },
      },
    ],
  },
  {
    id: "cross-cutting",
    name: "Cross-cutting capabilities",
    kind: "capability",
    functions: [
      {
        id: "crosscutting.visibility",
        name: "Visibility and Analytics",
        stages: [
          "Manually collects limited logs with little analysis, for some functions.",
          "Automates collection and analysis of logs and events for some mission-critical functions and periodically reviews its log collection.",
          "Expands automated collection of logs and events across the enterprise (including virtual environments) for centralized analysis that correlates across multiple sources.",
          "Maintains comprehensive visibility across the enterprise through centralized, dynamic monitoring and advanced analysis of logs and events.",
        ],
        effort: 2,
        impact: 3,
        rampart: {
          text: "Send your logs to Rampart and turn on detection rules over them.",
          href: "/logs",
        },
      },
      {
        id: "crosscutting.automation",
        name: "Automation and Orchestration",
        stages: [
          "Uses manual processes and resources to operate and set policies, with limited integration among them.",
          "Begins to use automation to orchestrate and respond to activities, with some integration between tools.",
          "Has automated orchestration and response activities across functions and integrates the tools involved.",
          "Automates orchestration and response activities dynamically across the enterprise, adapting to changing needs and environments.",
        ],
        effort: 2,
        impact: 2,
        rampart: {
          text: "Write playbooks for your common detections and escalation policies for your alerts.",
          href: "/siem-soar",
        },
      },
      {
        id: "crosscutting.governance",
        name: "Governance",
        stages: [
          "Implements policies in an ad hoc manner, enforced manually or with static technology.",
          "Defines and begins implementing policies for zero trust enterprise-wide, with minimal automation and manual updates.",
          "Implements tiered, tailored policies enterprise-wide and leverages automation where possible to support enforcement; reviews them regularly.",
          "Fully automates enterprise-wide policies that enable tailored local controls with continuous enforcement and dynamic updates.",
        ],
        effort: 1,
        impact: 2,
        rampart: {
          text: "Adopt a control framework and keep evidence for each requirement.",
          href: "/compliance-monitoring",
        },
      },
    ],
  },
];

export const ZT_FUNCTIONS: ReadonlyMap<string, ZtFunction & { group: ZtGroup }> = new Map(
  ZTMM.flatMap((group) => group.functions.map((f) => [f.id, { ...f, group }] as const)),
);
