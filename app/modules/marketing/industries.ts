/**
 * The industry pages (/manufacturing, /finance, /retail, /healthcare): each
 * industry's main threats, the regulations it answers to, and which Rampart
 * modules address them. Regulations are named with the detail people need to
 * look them up; module paths come from the route table (app-routes.ts).
 * What a module does is written twice, as it works today and as it is being
 * built: `mod` picks the one that is true from the route table's
 * inDevelopment flag, so no page presents an unbuilt module as working.
 */
import { whenBuilt } from "./module-status";

/** A module entry whose text is true today: `planned` while the module is in development, `today` once it is built. */
const mod = (path: string, today: string, planned: string) => ({
  path,
  why: whenBuilt(path, today, `In development: ${planned}`),
});

export type Industry = {
  slug: "manufacturing" | "finance" | "retail" | "healthcare";
  name: string;
  title: string;
  description: string;
  lead: string;
  threats: { name: string; detail: string }[];
  regulations: { name: string; detail: string }[];
  modules: { path: string; why: string }[];
};

export const INDUSTRIES: Record<Industry["slug"], Industry> = {
  manufacturing: {
    slug: "manufacturing",
    name: "Manufacturing",
    title: "Security for manufacturing",
    description:
      "The threats manufacturers face, from ransomware that stops production lines to supplier fraud, the standards that apply, and the Rampart modules that help.",
    lead: "When production stops, every hour costs money, which is why manufacturers are a favourite target of ransomware. Office IT and plant-floor systems are increasingly connected, and many suppliers can reach both.",
    threats: [
      {
        name: "Ransomware",
        detail:
          "Encrypts office and engineering systems; production often stops because the systems that plan and track it are down, even when the machines themselves are untouched.",
      },
      {
        name: "Phishing and supplier fraud",
        detail:
          "Messages that imitate a supplier announce new bank details for invoices, or deliver the first foothold for ransomware.",
      },
      {
        name: "Theft of designs and intellectual property",
        detail:
          "Drawings, formulas and process data are valuable to competitors and are often stored on shared drives with broad access.",
      },
      {
        name: "Unpatched and legacy systems",
        detail:
          "Machines and their control PCs run for years on old software that cannot easily be updated, so known vulnerabilities stay open.",
      },
      {
        name: "Remote access for vendors",
        detail:
          "Maintenance access for machine vendors, if always on and shared, is a direct path into the plant network.",
      },
    ],
    regulations: [
      {
        name: "IEC 62443",
        detail:
          "The international series of standards for the security of industrial automation and control systems, for asset owners, integrators and product suppliers.",
      },
      {
        name: "NIS2 Directive (EU)",
        detail:
          "Brings many manufacturers of critical products (such as machinery, vehicles, electronics and medical devices) under cybersecurity risk-management and incident-reporting duties, with an early warning within 24 hours of a significant incident.",
      },
      {
        name: "CMMC and NIST SP 800-171 (US defence supply chain)",
        detail:
          "Contractors handling controlled unclassified information must implement the NIST SP 800-171 requirements and demonstrate it under the Cybersecurity Maturity Model Certification.",
      },
      {
        name: "ISO/IEC 27001",
        detail:
          "The information security management system standard many customers ask their suppliers to be certified against.",
      },
    ],
    modules: [
      {
        path: "/phishing",
        why: "Checks supplier e-mails for spoofed senders, lookalike domains and changed reply addresses before anyone acts on them.",
      },
      mod(
        "/vulnerability",
        "Tracks known vulnerabilities in the software you depend on until each one is remediated.",
        "it will track known vulnerabilities in the software you depend on until each one is remediated.",
      ),
      mod(
        "/emergency-access",
        "Gives vendors and engineers break-glass access with approval and an audit trail instead of standing shared accounts.",
        "it will give vendors and engineers break-glass access with approval and an audit trail instead of standing shared accounts.",
      ),
      mod(
        "/incident-response",
        "Runs a ransomware or intrusion incident from detection to recovery, with a timeline for the NIS2 reporting deadlines.",
        "it will run a ransomware or intrusion incident from detection to recovery, with a timeline for the NIS2 reporting deadlines.",
      ),
      mod(
        "/compliance-monitoring",
        "Tracks your controls against NIST CSF 2.0 and NIST SP 800-53 and keeps the evidence customers and auditors ask for.",
        "it will track your controls against NIST CSF 2.0 and NIST SP 800-53 and keep the evidence customers and auditors ask for.",
      ),
    ],
  },
  finance: {
    slug: "finance",
    name: "Finance",
    title: "Security for financial services",
    description:
      "Account takeover, payment fraud and third-party risk in financial services, the regulations that apply (PCI DSS, GLBA, DORA, NYDFS), and the Rampart modules that help.",
    lead: "Financial firms hold money and the data that moves it, and they answer to some of the most detailed security regulations in any sector. Attackers go after customer accounts, staff credentials and payment instructions.",
    threats: [
      {
        name: "Account takeover",
        detail:
          "Credential stuffing replays usernames and passwords leaked from other services against customer and staff logins.",
      },
      {
        name: "Business e-mail compromise and payment fraud",
        detail: "A spoofed or compromised mailbox asks for an urgent transfer or a change of beneficiary details.",
      },
      {
        name: "Phishing of staff",
        detail:
          "Credential phishing aimed at staff with access to payment systems, customer data or administrative consoles.",
      },
      {
        name: "Third-party and supply-chain risk",
        detail:
          "Service providers with access to systems or data become an indirect way in, and their outages become yours.",
      },
      {
        name: "Insider misuse",
        detail: "Access that is broader than a role needs makes misuse, and mistakes, easier and harder to spot.",
      },
    ],
    regulations: [
      {
        name: "PCI DSS v4.0",
        detail:
          "Applies to anyone who stores, processes or transmits payment card data; the requirements that were future-dated became mandatory on 31 March 2025, including multi-factor authentication for all access to the cardholder data environment.",
      },
      {
        name: "GLBA Safeguards Rule (US)",
        detail:
          "Requires a written information security programme for non-bank financial institutions; since May 2024, the FTC must be notified within 30 days of discovering a breach affecting 500 or more consumers.",
      },
      {
        name: "DORA (EU)",
        detail:
          "The Digital Operational Resilience Act applies from 17 January 2025: ICT risk management, incident classification and reporting, resilience testing and oversight of ICT third parties.",
      },
      {
        name: "NYDFS Cybersecurity Regulation (23 NYCRR 500)",
        detail:
          "For firms regulated in New York: a cybersecurity programme, multi-factor authentication, and notice to the regulator within 72 hours of a qualifying cybersecurity event.",
      },
    ],
    modules: [
      {
        path: "/dark-web-monitoring",
        why: "Finds staff and customer-facing addresses in breach data, so exposed credentials are reset before they are replayed.",
      },
      {
        path: "/phishing",
        why: "Flags payment-change requests from lookalike or misaligned senders and explains each signal.",
      },
      mod(
        "/logs",
        "Surfaces brute-force attempts and impossible travel in your sign-in logs.",
        "it will surface brute-force attempts and impossible travel in your sign-in logs.",
      ),
      mod(
        "/incident-response",
        "Keeps the incident timeline you need for the 72-hour and DORA reporting deadlines.",
        "it will keep the incident timeline you need for the 72-hour and DORA reporting deadlines.",
      ),
      {
        path: "/executive",
        why: whenBuilt(
          "/compliance-monitoring",
          "Gives the board the risk, compliance and response figures regulators expect it to oversee, computed from your stored findings.",
          "Gives the board the risk and response figures regulators expect it to oversee, computed from your stored findings; compliance figures come from the frameworks you track in the Compliance module.",
        ),
      },
    ],
  },
  retail: {
    slug: "retail",
    name: "Retail",
    title: "Security for retail and e-commerce",
    description:
      "Card skimming, credential stuffing and seasonal phishing in retail, the rules that apply (PCI DSS, GDPR, CCPA), and the Rampart modules that help.",
    lead: "Retailers handle payment cards and large numbers of customer accounts, often through many third-party scripts, platforms and stores. Attacks peak when trading does.",
    threats: [
      {
        name: "Payment page skimming",
        detail:
          "Malicious JavaScript injected into a checkout page, directly or through a third-party script, copies card details as customers type them.",
      },
      {
        name: "Credential stuffing against customer accounts",
        detail:
          "Leaked passwords from other sites are tried at scale to take over accounts, stored cards and loyalty balances.",
      },
      {
        name: "Seasonal phishing",
        detail:
          "Fake delivery notices, refunds and supplier invoices peak around sales events and the holidays, aimed at staff and customers alike.",
      },
      {
        name: "Point-of-sale and store systems",
        detail: "Shared logins and unpatched store systems give attackers a way from one shop into the wider network.",
      },
      {
        name: "Vulnerable dependencies",
        detail: "E-commerce platforms and plug-ins carry known vulnerabilities until updated.",
      },
    ],
    regulations: [
      {
        name: "PCI DSS v4.0",
        detail:
          "Card data security for every merchant; since 31 March 2025 it also requires an inventory and authorisation of scripts on payment pages (6.4.3) and detection of unauthorised changes to them (11.6.1).",
      },
      {
        name: "GDPR (EU and UK)",
        detail:
          "Customers can ask for access to or deletion of their data, answered within one month; personal data breaches are reported to the supervisory authority within 72 hours where there is a risk to people.",
      },
      {
        name: "CCPA/CPRA (California)",
        detail:
          "Consumers can know, delete and correct their personal information and opt out of its sale or sharing; requests are answered within 45 days.",
      },
      {
        name: "US state breach notification laws",
        detail:
          "Every US state requires notice to affected residents when certain personal information is breached, with deadlines that vary by state.",
      },
    ],
    modules: [
      mod(
        "/vulnerability",
        "Tracks known vulnerabilities in your platform's dependencies and plug-ins until remediated.",
        "it will track known vulnerabilities in your platform's dependencies and plug-ins until remediated.",
      ),
      {
        path: "/dark-web-monitoring",
        why: "Watches your domains in breach data so staff accounts exposed elsewhere are reset.",
      },
      { path: "/phishing", why: "Checks the delivery, refund and invoice e-mails that peak in the busy season." },
      mod(
        "/privacy",
        "Tracks customer access and deletion requests against the GDPR and CCPA deadlines.",
        "it will track customer access and deletion requests against the GDPR and CCPA deadlines.",
      ),
      {
        path: "/password",
        why: "Checks a password against NIST SP 800-63B and against breach data by k-anonymity, so staff can test a new password before they use it.",
      },
    ],
  },
  healthcare: {
    slug: "healthcare",
    name: "Healthcare",
    title: "Security for healthcare",
    description:
      "Ransomware, phishing and third-party risk in healthcare, the rules that apply (HIPAA Security and Breach Notification Rules, GDPR), and the Rampart modules that help.",
    lead: "Health records are among the most sensitive data there is, and hospital systems cannot simply be switched off. Ransomware attacks on healthcare disrupt care, not just computers.",
    threats: [
      {
        name: "Ransomware",
        detail:
          "Encrypts clinical and administrative systems, diverting patients and delaying care, often after stealing patient records for extortion.",
      },
      {
        name: "Phishing of clinical and billing staff",
        detail: "Credential phishing and fake invoices aimed at busy staff who share workstations and work shifts.",
      },
      {
        name: "Third parties (business associates)",
        detail: "Billing, transcription and IT providers handle patient data and are a frequent source of breaches.",
      },
      {
        name: "Connected medical devices",
        detail:
          "Devices that run old operating systems and cannot easily be patched sit on the same networks as everything else.",
      },
      {
        name: "Excessive access to records",
        detail:
          "Broad access to the electronic health record makes curiosity browsing and mistakes more likely and harder to detect.",
      },
    ],
    regulations: [
      {
        name: "HIPAA Security Rule (US)",
        detail:
          "Administrative, physical and technical safeguards for electronic protected health information, starting with a documented risk analysis.",
      },
      {
        name: "HIPAA Breach Notification Rule (US)",
        detail:
          "Affected individuals are notified without unreasonable delay and no later than 60 days after discovery; breaches affecting 500 or more people are also reported to HHS and the media.",
      },
      {
        name: "GDPR (EU and UK)",
        detail:
          "Health data is a special category of personal data; breaches are reported to the supervisory authority within 72 hours where there is a risk to people.",
      },
      {
        name: "HITECH Act (US)",
        detail: "Extends HIPAA obligations directly to business associates and raised the penalties for violations.",
      },
    ],
    modules: [
      { path: "/phishing", why: "Explains why a message is risky so staff can report it instead of clicking." },
      mod(
        "/training-management",
        "Assigns security awareness training and records completion, a HIPAA Security Rule safeguard.",
        "it will assign security awareness training and record completion, a HIPAA Security Rule safeguard.",
      ),
      mod(
        "/compliance-monitoring",
        "Tracks the HIPAA Security Rule's 22 standards and 41 implementation specifications, with an owner and evidence for each.",
        "it will map your safeguards to HIPAA controls with the evidence for each.",
      ),
      mod(
        "/incident-response",
        "Keeps the record of what happened and when, for the 60-day breach notification deadline.",
        "it will keep the record of what happened and when, for the 60-day breach notification deadline.",
      ),
      mod(
        "/emergency-access",
        "Break-glass access for emergencies, with approval and an audit trail, as HIPAA's emergency access procedure asks.",
        "break-glass access for emergencies, with approval and an audit trail, as HIPAA's emergency access procedure asks.",
      ),
    ],
  },
};
