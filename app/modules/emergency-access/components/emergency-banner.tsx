/**
 * The shell's emergency access banner, on every signed-in page: the access a trusted contact holds now, and, for an
 * organization's owners and admins, a request waiting out its wait period with a link to reject it. Links only:
 * nothing here needs JavaScript.
 */
import { Link } from "@remix-run/react";
import { LifeBuoy, ShieldAlert } from "lucide-react";
import type { EmergencyBannerData } from "../banner.server";
import { useFormat } from "~/lib/format-context";

export function EmergencyBanner({ data }: { data: EmergencyBannerData }) {
  const intl = useFormat();
  if (data.grants.length === 0 && data.pending.length === 0) return null;
  return (
    <div className="mb-4 space-y-2">
      {data.pending.map((p) => (
        <section
          key={`${p.organization}-${p.contact}`}
          role="alert"
          aria-label="Emergency access request"
          className="flex flex-wrap items-center gap-3 rounded-md border border-danger bg-danger-light p-3 text-sm"
          data-testid="emergency-pending-banner"
        >
          <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <strong>
              {p.contact} requested emergency access to {p.organization}.
            </strong>{" "}
            It will be granted on {p.grantAt == null ? "" : intl.formatDateTime(p.grantAt)} unless you reject it.
          </p>
          <Link to="/emergency-access" className="btn-secondary py-1">
            Review the request
          </Link>
        </section>
      ))}
      {data.grants.map((g) => (
        <section
          key={`${g.organization}-${g.grantedBy}`}
          aria-label="Emergency access"
          className="flex flex-wrap items-center gap-3 rounded-md border border-warn bg-warn-light p-3 text-sm"
          data-testid="emergency-granted-banner"
        >
          <LifeBuoy className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <strong>
              Emergency access granted by {g.grantedBy}, ends {intl.formatDateTime(g.ends)}.
            </strong>{" "}
            You have {g.level} access to {g.organization}
            {g.selected ? " (the organization you are viewing)" : ": choose it in the organization switcher"}.
          </p>
        </section>
      ))}
    </div>
  );
}
