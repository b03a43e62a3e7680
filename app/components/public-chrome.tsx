import { Link, NavLink } from "@remix-run/react";
import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "./logo";

type NavItem = { to: string; label: string };

const NAV: NavItem[] = [
  { to: "/cyber-solutions", label: "Solutions" },
  { to: "/pricing", label: "Pricing" },
  { to: "/demo", label: "Demo" },
  { to: "/blog", label: "Blog" },
  { to: "/docs", label: "Docs" },
];

/** /features needs an account (docs/product.md §2), so only signed-in visitors get the link. */
const SIGNED_IN_NAV: NavItem[] = [{ to: "/features", label: "Features" }, ...NAV];

const FOOTER: { title: string; links: NavItem[] }[] = [
  {
    title: "Product",
    links: [
      { to: "/pricing", label: "Pricing" },
      { to: "/cyber-solutions", label: "Solutions" },
      { to: "/breach-check", label: "Breach check" },
      { to: "/demo", label: "Demo" },
      { to: "/demo-materials", label: "Demo materials" },
    ],
  },
  {
    title: "Guides",
    links: [
      { to: "/cybersecurity-best-practices", label: "Best practices" },
      { to: "/phishing-defense", label: "Phishing defence" },
      { to: "/dark-web-threat-intelligence", label: "Dark web intelligence" },
      { to: "/privacy-compliance", label: "Privacy compliance" },
    ],
  },
  {
    title: "Resources",
    links: [
      { to: "/docs", label: "Docs" },
      { to: "/blog", label: "Blog" },
      { to: "/case-studies", label: "Scenarios" },
      { to: "/resources", label: "All resources" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/trust", label: "Trust and security" },
      { to: "/contact", label: "Contact" },
      { to: "/auth-debug", label: "Sign-in troubleshooting" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy policy" },
      { to: "/terms", label: "Terms of service" },
      { to: "/acceptable-use", label: "Acceptable use" },
    ],
  },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-1 py-1 no-underline hover:text-ink ${isActive ? "font-semibold text-ink" : "text-ink-muted"}`;

function AccountLinks({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Link to="/dashboard" className="btn-primary no-underline">
      Open dashboard
    </Link>
  ) : (
    <>
      <Link to="/login" className="px-1 py-1 text-ink no-underline hover:underline">
        Sign in
      </Link>
      <Link to="/signup" className="btn-primary no-underline">
        Start free
      </Link>
    </>
  );
}

/**
 * Header and footer of the public site, around teaser pages, sign-in and
 * marketing pages. Pages bring their own <main id="main"> (the skip link's
 * target). Under 768 px the navigation folds into a <details> menu, which
 * opens by keyboard and works without JavaScript.
 */
export function PublicChrome({ children, signedIn = false }: { children: ReactNode; signedIn?: boolean }) {
  const nav = signedIn ? SIGNED_IN_NAV : NAV;
  return (
    <div className="flex min-h-full flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-brand focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-4 text-sm md:flex">
            {nav.map((item) => (
              <NavLink key={item.to} to={item.to} className={navClass} prefetch="intent">
                {item.label}
              </NavLink>
            ))}
            <AccountLinks signedIn={signedIn} />
          </nav>
          <div className="flex items-center gap-2 text-sm md:hidden">
            <AccountLinks signedIn={signedIn} />
            {/* Sized like its button: painted while the HTML is still arriving, a <details> without its <summary> yet
                shows the browser's default one, and the header would shift when the real one comes. */}
            <details className="group relative h-[2.375rem] w-[2.375rem] shrink-0">
              <summary className="btn-secondary cursor-pointer list-none px-2 [&::-webkit-details-marker]:hidden">
                <Menu className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Menu</span>
              </summary>
              <nav
                aria-label="Main (mobile)"
                className="absolute right-0 z-40 mt-2 w-48 rounded-card border border-slate-200 bg-white p-2 shadow-lg"
              >
                <ul>
                  {nav.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        className={({ isActive }) =>
                          `block rounded px-3 py-2 no-underline hover:bg-surface-sunken ${isActive ? "font-semibold text-ink" : "text-ink"}`
                        }
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </details>
          </div>
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="lazy-render border-t border-slate-200 bg-surface-muted text-sm text-ink-muted [contain-intrinsic-block-size:auto_24rem]">
        <div className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:grid-cols-3 lg:grid-cols-5">
          {FOOTER.map((group) => (
            <nav key={group.title} aria-label={`${group.title} links`}>
              <p className="mb-2 font-semibold text-ink">{group.title}</p>
              <ul className="space-y-1">
                {group.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-ink-muted hover:text-ink">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="border-t border-slate-200">
          <p className="mx-auto max-w-6xl px-4 py-4 text-xs">
            Rampart: security monitoring for people and organizations.
          </p>
        </div>
      </footer>
    </div>
  );
}
