/**
 * The Endpoint Security page: enrolment (osquery enroll secrets), devices with their last check-in, policies with
 * their compliance, vulnerable software. Every form posts on its own and works without JavaScript.
 */
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { LineChart } from "~/components/charts/line-chart";
import { useActionResult } from "~/lib/use-action-result";
import type { HostView, PolicyView } from "../hosts.server";
import type { SoftwareCoverage, VulnerableSoftware } from "../vulnerable.server";
import { useFormat } from "~/lib/format-context";

export type EndpointActionData =
  | { intent: "create-secret"; secret: string; name: string; error?: undefined; field?: undefined }
  | { intent: string; message: string; secret?: undefined; error?: undefined; field?: undefined }
  | { intent: string; error: string; field: string; secret?: undefined };

type PageData = {
  canManage: boolean;
  origin: string | null;
  secrets: { id: string; name: string; createdAt: number; revokedAt: number | null }[];
  hosts: HostView[];
  policies: PolicyView[];
  software: { findings: VulnerableSoftware[]; coverage: SoftwareCoverage };
  history: { day: string; compliance: number }[];
};

const pct = (x: number | null) => (x === null ? "Not checked" : `${Math.round(x * 100)}%`);

export function EndpointPage() {
  const data = useLoaderData<PageData>();
  const result = useActionResult<EndpointActionData>();
  return (
    <ModulePage path="/endpoint-security">
      <Enrolment data={data} result={result} />
      <Devices hosts={data.hosts} canManage={data.canManage} />
      <Policies policies={data.policies} hosts={data.hosts.length} />
      {data.history.length >= 2 ? (
        <div className="card mt-4">
          <LineChart
            title="Policy compliance over time"
            heading="h3"
            valueLabel="Checks passing (%)"
            unit="%"
            lowerIsBetter={false}
            points={data.history.map((h) => ({ label: h.day, short: h.day.slice(5), value: h.compliance }))}
          />
        </div>
      ) : null}
      <Software software={data.software} hosts={data.hosts.length} />
    </ModulePage>
  );
}

function Enrolment({ data, result }: { data: PageData; result?: EndpointActionData }) {
  const { formatDateTime: when } = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const active = data.secrets.filter((s) => s.revokedAt === null);
  const host = data.origin ? new URL(data.origin).host : "rampart.example.com";
  return (
    <section aria-labelledby="enrol-title" className="card">
      <h2 id="enrol-title" className="text-lg font-semibold">
        Enrol devices
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Point osquery at Rampart with an enroll secret, or run the collector script on hosts without osquery (with an
        API token that may report device inventory). The user guide lists the agent flags and the scripts.
      </p>
      {result && "secret" in result && result.secret ? (
        <div className="mt-3 rounded border border-green-700 p-3" role="status">
          <p className="font-medium">Enroll secret “{result.name}” created. Copy it now: it is shown only once.</p>
          <p className="mt-1 break-all font-mono text-sm" data-testid="enroll-secret">
            {result.secret}
          </p>
          <p className="mt-2 text-sm">
            Save it in the file osquery reads with <code>--enroll_secret_path</code>, and set{" "}
            <code>--tls_hostname={host}</code>.
          </p>
        </div>
      ) : null}
      {result && "message" in result && result.message ? (
        <p className="mt-3 text-sm" role="status">
          {result.message}
        </p>
      ) : null}
      {active.length ? (
        <ul className="mt-3 space-y-2" aria-label="Enroll secrets">
          {active.map((s) => (
            <li key={s.id} className="flex items-center gap-3 text-sm">
              <span>
                {s.name} <span className="text-ink-muted">(created {when(s.createdAt)})</span>
              </span>
              {data.canManage ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-secret" />
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    Revoke<span className="sr-only"> enroll secret {s.name}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No enroll secret yet.</p>
      )}
      {data.canManage ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create-secret" />
          <div>
            <label htmlFor="secret-name" className="label">
              Name of the new secret
            </label>
            <input
              id="secret-name"
              name="name"
              className="input"
              maxLength={100}
              required
              placeholder="Office laptops"
              aria-invalid={result && "error" in result && result.field === "name" ? true : undefined}
              aria-describedby={
                result && "error" in result && result.field === "name" ? "secret-name-error" : undefined
              }
            />
            {result && "error" in result && result.error ? (
              <p id="secret-name-error" className="field-error" role="alert">
                {result.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Create enroll secret
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function Devices({ hosts, canManage }: { hosts: HostView[]; canManage: boolean }) {
  const { formatDateTime: when, formatNumber } = useFormat();
  return (
    <section aria-labelledby="devices-title" className="mt-6">
      <h2 id="devices-title" className="text-lg font-semibold">
        Devices
      </h2>
      {hosts.length === 0 ? (
        <div className="mt-2">
          <EmptyState title="Not checked yet">No device has reported to Rampart yet.</EmptyState>
        </div>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Operating system</th>
                <th scope="col">Reports through</th>
                <th scope="col">Last check-in</th>
                <th scope="col">Packages</th>
                <th scope="col">Failing policies</th>
                {canManage ? (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {hosts.map((h) => (
                <tr key={h.id} className="border-t border-line align-top">
                  <th scope="row" className="font-medium">
                    {h.hostname}
                  </th>
                  <td>{h.os}</td>
                  <td>{h.source === "osquery" ? "osquery" : "Collector script"}</td>
                  <td>
                    {when(h.lastSeenAt)}
                    {h.stale ? (
                      <span className="ml-1 font-medium text-red-800">Stale: no check-in for a day</span>
                    ) : null}
                  </td>
                  <td>{formatNumber(h.packages)}</td>
                  <td>
                    {h.failingPolicies.length ? h.failingPolicies.join("; ") : h.passing ? "None" : "Not checked"}
                  </td>
                  {canManage ? (
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-host" />
                        <input type="hidden" name="id" value={h.id} />
                        <button type="submit" className="btn-secondary">
                          Remove<span className="sr-only"> {h.hostname}</span>
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Policies({ policies, hosts }: { policies: PolicyView[]; hosts: number }) {
  const relevant = policies.filter((p) => p.passing + p.failing + p.notChecked > 0);
  return (
    <section aria-labelledby="policies-title" className="mt-6">
      <h2 id="policies-title" className="text-lg font-semibold">
        Policies
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A policy passes on a device when its osquery query returns a row; {policies.length} policies across Linux, macOS
        and Windows.
      </p>
      {hosts === 0 ? (
        <p className="mt-2 text-sm">Not checked: no device has reported yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Compliance</th>
                <th scope="col">Passing</th>
                <th scope="col">Failing</th>
                <th scope="col">Not checked</th>
              </tr>
            </thead>
            <tbody>
              {relevant.map((p) => (
                <tr key={p.id} className="border-t border-line align-top" data-testid={`policy-${p.id}`}>
                  <th scope="row" className="font-medium">
                    <details>
                      <summary className="cursor-pointer">{p.name}</summary>
                      <p className="mt-1 font-normal">{p.description}</p>
                      <p className="mt-1 font-normal">
                        <span className="font-medium">Fix:</span> {p.resolution}
                      </p>
                      <pre className="mt-1 whitespace-pre-wrap break-all font-mono text-xs font-normal">{p.query}</pre>
                    </details>
                  </th>
                  <td>{pct(p.compliance)}</td>
                  <td>{p.passing}</td>
                  <td>{p.failing}</td>
                  <td>{p.notChecked}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Software({ software, hosts }: { software: PageData["software"]; hosts: number }) {
  const { formatNumber } = useFormat();
  const { findings, coverage } = software;
  return (
    <section aria-labelledby="software-title" className="mt-6">
      <h2 id="software-title" className="text-lg font-semibold">
        Vulnerable software
      </h2>
      {hosts === 0 ? (
        <p className="mt-2 text-sm">Not checked: no device has reported its packages yet.</p>
      ) : (
        <>
          <p className="mt-1 text-sm" data-testid="software-coverage">
            {coverage.checked.length
              ? `Checked against published advisories: ${coverage.checked
                  .map((c) => `${formatNumber(c.packages)} ${c.ecosystem} package versions`)
                  .join(", ")}.`
              : "Not checked: no installed package could be matched against advisories."}
            {coverage.notChecked.length ? ` Not checked: ${coverage.notChecked.join("; ")}.` : ""}
          </p>
          {findings.length ? (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col">Package</th>
                    <th scope="col">Installed</th>
                    <th scope="col">Advisory</th>
                    <th scope="col">Severity</th>
                    <th scope="col">Fixed in</th>
                    <th scope="col">Devices</th>
                  </tr>
                </thead>
                <tbody>
                  {findings.map((f) => (
                    <tr key={`${f.id}-${f.package}-${f.version}`} className="border-t border-line align-top">
                      <th scope="row" className="font-medium">
                        {f.package}
                      </th>
                      <td>{f.version}</td>
                      <td>
                        {f.id}
                        {f.aliases.length ? <span className="text-ink-muted"> ({f.aliases.join(", ")})</span> : null}
                        <p className="text-ink-muted">{f.summary}</p>
                      </td>
                      <td>{f.severity}</td>
                      <td>{f.fixedIn ?? "No fix published"}</td>
                      <td>{f.hosts.join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : coverage.checked.length ? (
            <p className="mt-2 text-sm">No known vulnerability in the packages checked.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
