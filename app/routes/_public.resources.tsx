import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { MarketingPage } from "~/components/marketing/page";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Resources",
      description:
        "Guides, articles, documentation and tools from Rampart, and the public standards they are based on.",
      path: "/resources",
    },
    matches,
  );

const GROUPS: { title: string; items: { to: string; title: string; text: string; external?: boolean }[] }[] = [
  {
    title: "Guides",
    items: [
      {
        to: "/cybersecurity-best-practices",
        title: "Cybersecurity best practices",
        text: "Passwords, multi-factor authentication, updates, backups and least privilege, in the order to do them.",
      },
      {
        to: "/phishing-defense",
        title: "Phishing defence",
        text: "The signs of a phishing message, what to do after a click, and the controls that protect an organization.",
      },
      {
        to: "/dark-web-threat-intelligence",
        title: "Dark web threat intelligence",
        text: "What happens to stolen credentials and what to do when your address is exposed.",
      },
      {
        to: "/privacy-compliance",
        title: "Privacy compliance deadlines",
        text: "GDPR, CCPA and HIPAA deadlines for requests and breach notification.",
      },
    ],
  },
  {
    title: "Tools",
    items: [
      {
        to: "/breach-check",
        title: "Breach check",
        text: "Check an e-mail address and a password against breach data, without an account.",
      },
      { to: "/demo", title: "Demo", text: "The real module screens with simulated data." },
      {
        to: "/demo-materials",
        title: "Demo materials",
        text: "A guided tour of the demo and what its simulated data contains.",
      },
    ],
  },
  {
    title: "Reading",
    items: [
      { to: "/blog", title: "Blog", text: "How the checks inside Rampart work and the standards behind them." },
      { to: "/docs", title: "Documentation", text: "User guide, operations guide and API reference." },
      { to: "/case-studies", title: "Scenarios", text: "Illustrative walk-throughs of how Rampart is used." },
    ],
  },
  {
    title: "Standards and public sources",
    items: [
      {
        to: "https://pages.nist.gov/800-63-4/sp800-63b.html",
        title: "NIST SP 800-63B",
        text: "Digital identity guidelines: authentication and authenticator management.",
        external: true,
      },
      {
        to: "https://www.nist.gov/cyberframework",
        title: "NIST Cybersecurity Framework",
        text: "Govern, identify, protect, detect, respond and recover.",
        external: true,
      },
      {
        to: "https://owasp.org/www-project-top-ten/",
        title: "OWASP Top 10",
        text: "The most critical security risks to web applications.",
        external: true,
      },
      {
        to: "https://haveibeenpwned.com/API/v3",
        title: "Have I Been Pwned API",
        text: "The breach model and the Pwned Passwords range API Rampart follows.",
        external: true,
      },
      {
        to: "https://dmarc.org/overview/",
        title: "DMARC overview",
        text: "How domain owners protect their domains from spoofing.",
        external: true,
      },
    ],
  },
];

export default function Resources() {
  return (
    <MarketingPage
      width="wide"
      eyebrow="Resources"
      title="Security resources"
      lead="Everything we publish to help you protect yourself and your organization, and the public standards it is based on."
    >
      {GROUPS.map((group) => {
        const id = `g-${group.title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
        return (
          <section key={group.title} aria-labelledby={id} className="mb-12">
            <h2 id={id} className="mb-4 text-xl font-semibold">
              {group.title}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.items.map((item) => (
                <li key={item.to} className="card">
                  <h3 className="font-semibold">
                    {item.external ? (
                      <a href={item.to} rel="noopener noreferrer">
                        {item.title}
                        <span className="sr-only"> (external site)</span>
                      </a>
                    ) : (
                      <Link to={item.to}>{item.title}</Link>
                    )}
                  </h3>
                  <p className="mt-2 text-sm leading-6 text-ink-muted">{item.text}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </MarketingPage>
  );
}
