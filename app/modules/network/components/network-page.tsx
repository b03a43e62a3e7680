/**
 * /network-security: import an Nmap scan, then the inventory, the latest scan's services, its findings with
 * remediation, and what changed since the scan before. Works without JavaScript (plain forms to the action).
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import type { NetworkActionData, NetworkLoaderData } from "../types";
import { useFormat } from "~/lib/format-context";

const product = (p: { product: string | null; version: string | null }) =>
  [p.product, p.version].filter(Boolean).join(" ") || "unknown";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card mt-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Notice({ result, intent }: { result: NetworkActionData | undefined; intent: NetworkActionData["intent"] }) {
  if (!result || result.intent !== intent) return null;
  if (result.ok)
    return (
      <p role="status" className="mt-3 rounded-md bg-ok-light px-3 py-2 text-sm text-ok" data-testid="notice">
        {result.ok}
      </p>
    );
  if (result.errors?.form)
    return (
      <p role="alert" className="field-error mt-3">
        {result.errors.form}
      </p>
    );
  return null;
}

function ImportForm({ result }: { result: NetworkActionData | undefined }) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === "import";
  const error = result?.intent === "import" ? result.errors?.file : undefined;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" data-testid="import-form">
      <input type="hidden" name="intent" value="import" />
      <div>
        <label htmlFor="file" className="label">
          Nmap XML file
        </label>
        <input
          id="file"
          name="file"
          type="file"
          accept=".xml,text/xml,application/xml"
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "file-error" : "file-hint"}
        />
        {error ? (
          <p id="file-error" className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id="file-hint" className="mt-1 text-xs text-ink-muted">
            The XML output of an Nmap scan, with service detection and the TLS, certificate, SMB and SSH scripts for the
            most findings; up to 16 MB. The file is read, never run.
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Importing…" : "Import scan"}
      </button>
      <Notice result={result} intent="import" />
    </Form>
  );
}

function Findings({ latest }: { latest: NonNullable<NetworkLoaderData["latest"]> }) {
  const real = latest.findings.filter((f) => f.severity !== "info");
  const notChecked = latest.findings.filter((f) => f.severity === "info");
  return (
    <>
      {real.length === 0 ? (
        <p className="text-sm text-ink-muted">
          None of the exposure checks fired on this scan. They can only see what the scan saw: ports it did not probe
          and scripts it did not run are not checked.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="stack-table w-full text-left text-sm" data-testid="findings">
            <thead>
              <tr className="text-ink-muted">
                <th className="py-2 pr-3">Severity</th>
                <th className="py-2 pr-3">Where</th>
                <th className="py-2 pr-3">Finding</th>
                <th className="py-2">What to do</th>
              </tr>
            </thead>
            <tbody>
              {real.map((f, i) => (
                <tr key={`${f.check}-${f.host}-${f.port}-${i}`} className="border-t border-slate-200 align-top">
                  <td className="py-2 pr-3">
                    <SeverityBadge level={f.severity as "low" | "medium" | "high" | "critical"} />
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {f.host}
                    {f.port !== null ? `:${f.port}` : ""}
                  </td>
                  <td className="py-2 pr-3">{f.title}</td>
                  <td className="py-2 text-ink-muted" data-label="What to do">
                    {f.remediation}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {notChecked.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Known vulnerabilities: not checked</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-ink-muted" data-testid="not-checked">
            {notChecked.map((f, i) => (
              <li key={i}>
                {f.host}:{f.port} — {f.title.replace(/^Known vulnerabilities not checked: /, "")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function Drift({ drift }: { drift: NetworkLoaderData["drift"] }) {
  if (!drift)
    return <p className="text-sm text-ink-muted">Import a second scan of the same network to see what changed.</p>;
  const none = drift.opened.length + drift.closed.length + drift.changed.length === 0;
  return (
    <div data-testid="drift">
      <p className="text-sm text-ink-muted">Compared with {drift.sinceFilename}.</p>
      {none ? <p className="mt-2 text-sm">No port opened, closed or changed version.</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {drift.opened.map((o) => (
          <li key={`o${o.host}${o.port}`}>
            <StatusBadge tone="danger">Opened</StatusBadge> {o.host}:{o.port} ({o.service ?? "unknown"})
          </li>
        ))}
        {drift.closed.map((o) => (
          <li key={`c${o.host}${o.port}`}>
            <StatusBadge tone="ok">Closed</StatusBadge> {o.host}:{o.port} ({o.service ?? "unknown"})
          </li>
        ))}
        {drift.changed.map((o) => (
          <li key={`v${o.host}${o.port}`}>
            <StatusBadge tone="warn">Changed</StatusBadge> {o.host}:{o.port}: {product(o.from)} → {product(o.to)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Targets({ data, result }: { data: NetworkLoaderData; result: NetworkActionData | undefined }) {
  const { formatDateTime: when } = useFormat();
  const { enabled, nmapInstalled } = data.scheduler;
  const error = result?.intent === "add-target" ? result.errors?.target : undefined;
  return (
    <>
      <p className="text-sm" data-testid="scheduler-status">
        {!enabled
          ? "Scheduled scans are off on this server: the operator has not enabled them. Import scans you run yourself above."
          : !nmapInstalled
            ? "Scheduled scans are allowed, but Nmap is not installed on this server: ask the operator to install it. Import scans you run yourself above."
            : "This server scans the targets below weekly: hosts under your verified domains, and IP ranges you attest once the operator approves them."}
      </p>
      {data.targets.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm">
          {data.targets.map((t) => (
            <li key={t.target} className="flex flex-wrap items-center gap-2">
              <span className="font-mono">{t.target}</span>
              {t.kind === "ip-range" && !t.approved ? (
                <StatusBadge tone="warn">Awaiting operator approval</StatusBadge>
              ) : null}
              {t.lastError ? <StatusBadge tone="danger">{`Not scanned: ${t.lastError}`}</StatusBadge> : null}
              {t.lastScanAt ? <span className="text-ink-muted">last scanned {when(t.lastScanAt)}</span> : null}
              {data.canManageTargets ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-target" />
                  <input type="hidden" name="target" value={t.target} />
                  <button type="submit" className="text-brand underline">
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {data.canManageTargets ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="add-target" />
          <div>
            <label htmlFor="target" className="label">
              Host or IP range you own
            </label>
            <input
              id="target"
              name="target"
              className="input"
              placeholder="203.0.113.0/28 or www.example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "target-error" : undefined}
            />
            {error ? (
              <p id="target-error" className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-secondary">
            Attest and add
          </button>
        </Form>
      ) : null}
      <Notice result={result} intent="add-target" />
    </>
  );
}

export function NetworkPage({ data, result }: { data: NetworkLoaderData; result: NetworkActionData | undefined }) {
  const { formatDateTime: when } = useFormat();
  return (
    <ModulePage path="/network-security">
      {data.canImport ? (
        <section className="card" aria-labelledby="import-heading">
          <h2 id="import-heading" className="text-lg font-semibold">
            Import a scan
          </h2>
          <div className="mt-3">
            <ImportForm result={result} />
          </div>
        </section>
      ) : (
        <p className="text-sm text-ink-muted">Viewers see scans; members, admins and owners import them.</p>
      )}
      {!data.latest ? (
        <div className="mt-6">
          <EmptyState title="No scan yet">
            Nothing is checked until a scan is imported: run Nmap with service detection against a network you own, save
            its XML output and import it here.
          </EmptyState>
        </div>
      ) : (
        <>
          <Section title={`Findings — ${data.latest.filename}, ${when(data.latest.startedAt)}`} id="findings-heading">
            <Findings latest={data.latest} />
          </Section>
          <Section title="What changed" id="drift-heading">
            <Drift drift={data.drift} />
          </Section>
          <Section title="Services in the latest scan" id="services-heading">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="services">
                <thead>
                  <tr className="text-ink-muted">
                    <th className="py-2 pr-3">Host</th>
                    <th className="py-2 pr-3">Port</th>
                    <th className="py-2 pr-3">Service</th>
                    <th className="py-2">Product and version</th>
                  </tr>
                </thead>
                <tbody>
                  {data.latest.services.map((s) => (
                    <tr key={`${s.host}-${s.protocol}-${s.port}`} className="border-t border-slate-200">
                      <td className="py-2 pr-3">{s.host}</td>
                      <td className="py-2 pr-3">
                        {s.port}/{s.protocol}
                      </td>
                      <td className="py-2 pr-3">{s.service ?? "unknown"}</td>
                      <td className="py-2">{product(s)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          <Section title="Assets" id="assets-heading">
            <div className="overflow-x-auto">
              <table className="stack-table w-full text-left text-sm" data-testid="assets">
                <thead>
                  <tr className="text-ink-muted">
                    <th className="py-2 pr-3">Address</th>
                    <th className="py-2 pr-3">Hostnames</th>
                    <th className="py-2 pr-3">Open ports</th>
                    <th className="py-2 pr-3">First seen</th>
                    <th className="py-2">Last seen</th>
                  </tr>
                </thead>
                <tbody>
                  {data.assets.map((a) => (
                    <tr key={a.address} className="border-t border-slate-200">
                      <td className="py-2 pr-3">{a.address}</td>
                      <td className="py-2 pr-3" data-label="Hostnames">
                        {a.hostnames.join(", ") || "—"}
                      </td>
                      <td className="py-2 pr-3" data-label="Open ports">
                        {a.openPorts}
                      </td>
                      <td className="py-2 pr-3" data-label="First seen">
                        {when(a.firstSeenAt)}
                      </td>
                      <td className="py-2" data-label="Last seen">
                        {when(a.lastSeenAt)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          <Section title="Scans" id="scans-heading">
            <ul className="space-y-1 text-sm">
              {data.scans.map((s, i) => (
                <li key={i}>
                  {when(s.startedAt)} — {s.filename} ({s.source === "scheduled" ? "scheduled" : "imported"}): {s.hosts}{" "}
                  {s.hosts === 1 ? "host" : "hosts"}, {s.openPorts} open {s.openPorts === 1 ? "port" : "ports"}
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}
      <Section title="Scheduled scans" id="targets-heading">
        <Targets data={data} result={result} />
      </Section>
    </ModulePage>
  );
}
