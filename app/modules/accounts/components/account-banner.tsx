/**
 * The shell's account banner (issue 20): "verify your e-mail address" with a
 * "Send a new link" button while the address is unverified, and unread
 * account notices (an organization you were in was deleted) with "Dismiss".
 * Plain forms: both work without JavaScript.
 */
import { Form, useLocation } from "@remix-run/react";
import { Info, MailWarning } from "lucide-react";
import type { AccountBannerData } from "../account-notices.server";
import { useFormat } from "~/lib/format-context";

export function AccountBanner({ data }: { data: AccountBannerData }) {
  const location = useLocation();
  const intl = useFormat();
  if (!data.unverified && data.notices.length === 0) return null;
  return (
    <div className="mb-4 space-y-2">
      {data.unverified ? (
        <section
          aria-label="E-mail verification"
          className="flex flex-wrap items-center gap-3 rounded-md border border-warn bg-warn-light p-3 text-sm"
          data-testid="verify-banner"
        >
          <MailWarning className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <strong>Verify your e-mail address.</strong> We sent a link to {data.email}. Until you follow it, you cannot
            invite colleagues or watch domains.
          </p>
          <Form method="post" action="/verify-email">
            <button type="submit" className="btn-secondary py-1">
              Send a new link
            </button>
          </Form>
        </section>
      ) : null}
      {data.notices.length ? (
        <section
          aria-label="Account notices"
          className="rounded-md border border-slate-200 bg-white p-3 text-sm"
          data-testid="account-notices"
        >
          <ul className="space-y-1">
            {data.notices.map((n) => (
              <li key={n.id} className="flex gap-2">
                <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  {n.message} <span className="text-ink-muted">({intl.formatDate(n.createdAt)})</span>
                </span>
              </li>
            ))}
          </ul>
          <Form method="post" action="/account/notices" className="mt-2">
            <input type="hidden" name="redirectTo" value={location.pathname} />
            <button type="submit" className="btn-secondary py-1">
              Dismiss
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
