import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { Logo } from "./logo";

const NAV = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/demo", label: "Demo" },
  { to: "/blog", label: "Blog" },
  { to: "/docs", label: "Docs" },
];

/** Header and footer of the public site, around teaser pages, sign-in and marketing pages. */
export function PublicChrome({ children, signedIn = false }: { children: ReactNode; signedIn?: boolean }) {
  return (
    <div className="flex min-h-full flex-col bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <nav aria-label="Main" className="flex flex-wrap items-center gap-4 text-sm">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className="text-ink-muted no-underline hover:text-ink" prefetch="intent">
                {item.label}
              </NavLink>
            ))}
            {signedIn ? (
              <Link to="/dashboard" className="btn-primary no-underline">
                Open dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className="text-ink no-underline hover:underline">
                  Sign in
                </Link>
                <Link to="/signup" className="btn-primary no-underline">
                  Start free
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-slate-200 bg-surface-muted text-sm text-ink-muted">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
          <nav aria-label="Product">
            <p className="mb-2 font-semibold text-ink">Product</p>
            <ul className="space-y-1">
              <li><Link to="/features">Features</Link></li>
              <li><Link to="/pricing">Pricing</Link></li>
              <li><Link to="/breach-check">Breach check</Link></li>
              <li><Link to="/demo">Demo</Link></li>
            </ul>
          </nav>
          <nav aria-label="Resources">
            <p className="mb-2 font-semibold text-ink">Resources</p>
            <ul className="space-y-1">
              <li><Link to="/docs">Docs</Link></li>
              <li><Link to="/blog">Blog</Link></li>
              <li><Link to="/resources">Resources</Link></li>
              <li><Link to="/trust">Trust</Link></li>
            </ul>
          </nav>
          <nav aria-label="Company">
            <p className="mb-2 font-semibold text-ink">Company</p>
            <ul className="space-y-1">
              <li><Link to="/about">About</Link></li>
              <li><Link to="/contact">Contact</Link></li>
              <li><Link to="/privacy-policy">Privacy policy</Link></li>
              <li><Link to="/terms">Terms</Link></li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
