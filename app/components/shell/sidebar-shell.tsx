import {
  Form,
  Link,
  NavLink,
  useFetcher,
  useFetchers,
  useLocation,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "@remix-run/react";
import {
  ChevronsLeft,
  ChevronsRight,
  IconSprite,
  LogOut,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  X,
} from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { SidebarState } from "~/lib/sidebar-state";
import { trialNote, useTrialStatus } from "~/lib/trial-status";
import { Logo } from "../logo";
import { AddOrganization } from "./add-organization";
import type { ShellData } from "./app-shell";
import { NavIcon } from "./nav-icon";
import { Toaster } from "../ui/toast";

function TenantSelector({
  tenants,
  selectedTenantId,
  compact,
}: Pick<ShellData, "tenants" | "selectedTenantId"> & { compact: boolean }) {
  const submit = useSubmit();
  const location = useLocation();
  if (compact) return null;
  return (
    <Form method="post" action="/api/tenants/select" className="space-y-1" data-testid="tenant-selector">
      <label htmlFor="tenant-select" className="text-xs font-medium uppercase tracking-wide text-ink-faint">
        Organization
      </label>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className="flex gap-1">
        <select
          id="tenant-select"
          name="tenantId"
          className="input py-1.5"
          defaultValue={selectedTenantId ?? undefined}
          key={selectedTenantId}
          // With JavaScript the choice applies on change; the form (and its button) works without it.
          onChange={(e) => submit(e.currentTarget.form, { method: "post", action: "/api/tenants/select" })}
        >
          {tenants.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="btn-secondary px-2 py-1.5">
            Switch
          </button>
        </noscript>
      </div>
    </Form>
  );
}

/**
 * One fetcher key for every sidebar-state button, also held by AppShell. A button's own fetcher would be
 * unmounted mid-submission when its button disappears (Hide removes the whole aside, Show removes its bar), and
 * React Router then drops the action's redirect, so the loaders never revalidate and the sidebar snaps back
 * to the old state until a reload.
 */
const SIDEBAR_FETCHER_KEY = "sidebar-state";

function SidebarStateButton({ state, label, children }: { state: SidebarState; label: string; children: ReactNode }) {
  const fetcher = useFetcher({ key: SIDEBAR_FETCHER_KEY });
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/preferences/sidebar">
      <input type="hidden" name="state" value={state} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="rounded p-1.5 text-ink-muted hover:bg-surface-sunken hover:text-ink"
        aria-label={label}
        title={label}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

/** Shows 'Loading...' while a navigation re-resolves the user; after 10 s the wait counts as timed out (docs/decisions/003). */
function NavigationStatus() {
  const navigation = useNavigation();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (navigation.state !== "loading") {
      setTimedOut(false);
      return;
    }
    const timer = setTimeout(() => setTimedOut(true), 10_000);
    return () => clearTimeout(timer);
  }, [navigation.state]);
  if (navigation.state === "idle") return null;
  return (
    <div
      role="status"
      className="fixed left-1/2 top-2 z-50 -translate-x-1/2 rounded-full bg-ink px-3 py-1 text-xs text-white shadow"
    >
      {timedOut ? (
        <>
          Authentication timed out.{" "}
          <a className="text-white underline" href="/login">
            Sign in again
          </a>
        </>
      ) : (
        "Loading..."
      )}
    </div>
  );
}

/** The signed-in shell itself; routes use `AppShell` from ./app-shell, which loads this module only for signed-in pages. */
export function SidebarShell({ data, children }: { data: ShellData; children: ReactNode }) {
  // Keeps the sidebar-state fetcher mounted while its buttons come and go (see SIDEBAR_FETCHER_KEY).
  useFetcher({ key: SIDEBAR_FETCHER_KEY });
  const pendingSidebar = usePendingSidebarState();
  const [params] = useSearchParams();
  const location = useLocation();
  // Optimistic sidebar state while the preference is being saved.
  const sidebar: SidebarState = pendingSidebar ?? data.sidebar;
  const [drawerOpen, setDrawerOpen] = useState(params.get("menu") === "open");
  const openButton = useRef<HTMLAnchorElement>(null);

  useEffect(() => setDrawerOpen(params.get("menu") === "open"), [params]);
  const drawer = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!drawerOpen) return;
    // The drawer is a modal dialog: focus moves into it and Tab cycles inside it (it was left on the open-menu
    // button, so Tab went on into the page behind the overlay). A dialog opened from the drawer (Add Organization,
    // a Radix portal) keeps its own keys.
    const focusables = () =>
      Array.from(
        drawer.current?.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      );
    focusables()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('[role="dialog"]') && !drawer.current?.contains(target)) return;
      if (e.key === "Escape") {
        setDrawerOpen(false);
        openButton.current?.focus();
      } else if (e.key === "Tab") {
        const items = focusables();
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!drawer.current?.contains(active)) {
          e.preventDefault();
          first.focus();
        } else if (e.shiftKey && active === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && active === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);
  // Navigating closes the drawer.
  useEffect(() => setDrawerOpen(params.get("menu") === "open"), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  const compact = sidebar === "collapsed";
  const closeHref = location.pathname;

  const sidebarContent = (mobile: boolean) => (
    <div className="flex h-full flex-col gap-4 p-3">
      <div className="flex items-center justify-between gap-2">
        <Logo compact={compact && !mobile} />
        {mobile ? (
          <Link
            to={closeHref}
            className="rounded p-1.5 hover:bg-surface-sunken"
            aria-label="Close menu"
            onClick={(e) => {
              e.preventDefault();
              setDrawerOpen(false);
            }}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Link>
        ) : (
          <div className="flex items-center">
            {compact ? (
              <SidebarStateButton state="expanded" label="Expand sidebar">
                <ChevronsRight className="h-4 w-4" aria-hidden="true" />
              </SidebarStateButton>
            ) : (
              <SidebarStateButton state="collapsed" label="Collapse sidebar">
                <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
              </SidebarStateButton>
            )}
            <SidebarStateButton state="hidden" label="Hide sidebar">
              <PanelLeftClose className="h-4 w-4" aria-hidden="true" />
            </SidebarStateButton>
          </div>
        )}
      </div>
      <TenantSelector tenants={data.tenants} selectedTenantId={data.selectedTenantId} compact={compact && !mobile} />
      <div className="space-y-1">
        {compact && !mobile ? null : (
          <p className="flex items-center justify-between text-xs text-ink-muted" data-testid="organization-count">
            <span>{data.allowance.label}</span>
            {data.allowance.reached ? <span className="font-semibold text-warn">Limit reached</span> : null}
          </p>
        )}
        <AddOrganization
          reached={data.allowance.reached}
          upgradeMessage={data.allowance.upgradeMessage}
          compact={compact && !mobile}
        />
      </div>
      <nav aria-label="Application" className="-mx-1 flex-1 overflow-y-auto">
        <ul className="space-y-0.5">
          {data.nav.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                prefetch="intent"
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-md px-2 py-1.5 text-sm no-underline ${
                    isActive
                      ? "bg-brand-light font-semibold text-brand-dark"
                      : "text-ink-muted hover:bg-surface-sunken hover:text-ink"
                  }`
                }
                aria-label={compact && !mobile ? item.label : undefined}
                title={compact && !mobile ? item.label : undefined}
              >
                <NavIcon name={item.icon} />
                {compact && !mobile ? null : <span>{item.label}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 pt-3 text-sm" data-testid="sidebar-footer">
        {compact && !mobile ? null : (
          <>
            <p className="truncate font-medium text-ink" title={data.user.email}>
              {data.user.email}
            </p>
            {data.adminLink ? (
              <Link to="/admin" prefetch="intent" className="text-xs text-ink-muted hover:text-ink">
                Admin
              </Link>
            ) : (
              <p className="text-xs text-ink-muted">Admin</p>
            )}
          </>
        )}
        <a
          href="/api/logout"
          className="mt-2 flex items-center gap-2 text-ink-muted no-underline hover:text-ink"
          aria-label={compact && !mobile ? "Log out" : undefined}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {compact && !mobile ? null : "Log out"}
        </a>
      </div>
    </div>
  );

  // Icons in the shell and the page are drawn from one cached sprite (~/components/ui/icons).
  return (
    <IconSprite>
      <div className="flex min-h-full" data-sidebar={sidebar}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <NavigationStatus />
        {sidebar === "hidden" ? null : (
          <aside
            className={`sticky top-0 hidden h-screen shrink-0 border-r border-slate-200 bg-white md:block ${compact ? "w-16" : "w-64"}`}
            aria-label="Sidebar"
            data-testid="sidebar"
          >
            {sidebarContent(false)}
          </aside>
        )}
        {drawerOpen ? (
          <div className="md:hidden">
            <Link
              to={closeHref}
              className="fixed inset-0 z-40 bg-black/40"
              aria-label="Close menu"
              data-testid="drawer-overlay"
              onClick={(e) => {
                e.preventDefault();
                setDrawerOpen(false);
              }}
            />
            <aside
              ref={drawer}
              className="fixed inset-y-0 left-0 z-50 w-72 overflow-y-auto bg-white shadow-xl"
              aria-label="Menu"
              data-testid="drawer"
              role="dialog"
              aria-modal="true"
            >
              {sidebarContent(true)}
            </aside>
          </div>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 md:hidden">
            <Link
              ref={openButton}
              to={`${location.pathname}?menu=open`}
              className="rounded p-1.5 hover:bg-surface-sunken"
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              onClick={(e) => {
                e.preventDefault();
                setDrawerOpen(true);
              }}
            >
              <Menu className="h-5 w-5" aria-hidden="true" />
            </Link>
            <Logo />
          </header>
          {sidebar === "hidden" ? (
            <div className="hidden border-b border-slate-200 bg-white px-4 py-2 md:block">
              <SidebarStateButton state="expanded" label="Show sidebar">
                <PanelLeftOpen className="h-4 w-4" aria-hidden="true" />
              </SidebarStateButton>
            </div>
          ) : null}
          <div className="flex-1 px-4 py-6 md:px-8">
            <PlanLine data={data} />
            {children}
          </div>
        </div>
        <Toaster />
      </div>
    </IconSprite>
  );
}

/**
 * "Plan: Enterprise (trial, 5 days left)". While the dashboard polls the trial status, its answers replace the
 * loader's: a trial that ends on an open dashboard shows the organization's own plan and "trial ended".
 */
function PlanLine({ data }: { data: ShellData }) {
  const trial = useTrialStatus(data.selectedTenantId, data.trial);
  const endedSinceLoad = trial?.status === "expired" && data.trial?.status === "active";
  const note = trialNote(trial);
  return (
    <p className="mb-4 text-xs text-ink-muted" data-testid="plan-line">
      Plan:{" "}
      <span className="font-semibold text-ink" data-testid="effective-plan">
        {endedSinceLoad ? data.ownPlanName : data.planName}
      </span>
      {note ? <span data-testid="trial-status"> ({note})</span> : null}
    </p>
  );
}

/** The sidebar state a fetcher is saving right now, if any (optimistic UI). */
function usePendingSidebarState(): SidebarState | null {
  for (const f of useFetchers()) {
    if (f.formAction === "/preferences/sidebar" && f.formData) {
      const s = f.formData.get("state");
      if (s === "expanded" || s === "collapsed" || s === "hidden") return s;
    }
  }
  return null;
}
