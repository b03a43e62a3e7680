import { Link } from "@remix-run/react";
import { Lock } from "~/components/ui/icons";
import { upgradeBannerDetail, upgradeRequiredText, type Feature } from "~/lib/plans";

/** The banner a page shows when the effective plan lacks its feature (docs/product.md §2, §6). */
export function UpgradeBanner({ feature }: { feature: Feature }) {
  return (
    <section
      className="card mx-auto mt-8 max-w-2xl border-brand/40"
      aria-labelledby="upgrade-title"
      data-testid="upgrade-banner"
    >
      <div className="flex items-start gap-4">
        <Lock className="mt-1 h-6 w-6 shrink-0 text-brand" aria-hidden="true" />
        <div>
          <h1 id="upgrade-title" className="text-lg font-semibold">
            {upgradeRequiredText(feature)}
          </h1>
          <p className="mt-2 text-sm text-ink-muted">{upgradeBannerDetail(feature)}</p>
          <Link to="/pricing" className="btn-primary mt-4 no-underline">
            Upgrade
          </Link>
        </div>
      </div>
    </section>
  );
}
