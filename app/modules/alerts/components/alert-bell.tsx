/**
 * The notification bell of the signed-in shell: the open high and critical
 * alerts (always, with no alert rule needed), then unread in-app
 * notifications (alert rules' in-app channels, escalation steps, a failing
 * channel). With
 * `realtimeAlerts` the page listens to /api/alerts/stream and reloads its
 * data when an alert changes, so the dashboard, Security Alerts and the bell
 * update without a reload; new alerts are announced to screen readers.
 * Without JavaScript it is a <details> list and a form that marks all read.
 */
import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { Bell } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useFormat } from "~/lib/format-context";

export type BellData = {
  realtime: boolean;
  /** Open high and critical alerts: the bell's default content. */
  openAlerts: {
    total: number;
    items: { id: string; title: string; severity: string; occurrences: number; lastSeenAt: string }[];
  };
  unread: number;
  items: { id: string; title: string; body: string; createdAt: string; read: boolean }[];
};

function useAlertStream(enabled: boolean, onAlert: (title: string, kind: string) => void) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const announce = useRef(onAlert);
  announce.current = onAlert;
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/alerts/stream");
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Several events in a burst (raised + notified + escalation) cause one reload.
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        revalidate.current();
      }, 150);
    };
    source.addEventListener("alert", (e) => {
      try {
        const msg = JSON.parse((e as MessageEvent).data) as { kind: string; alert: { title: string } };
        announce.current(msg.alert.title, msg.kind);
      } catch {
        // a malformed event only skips the announcement
      }
      refresh();
    });
    source.addEventListener("bell", refresh);
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [enabled]);
}

export function AlertBell({ data }: { data: BellData }) {
  const [live, setLive] = useState("");
  const location = useLocation();
  const intl = useFormat();
  useAlertStream(data.realtime, (title, kind) => {
    if (kind === "raised") setLive(`New alert: ${title}`);
  });
  return (
    <div
      className="mb-4 flex items-center justify-end gap-3 text-sm"
      data-testid="alert-bell"
      data-print="hide"
      data-realtime={data.realtime ? "on" : "off"}
    >
      <p aria-live="polite" className="text-ink-muted" data-testid="alert-live">
        {live}
      </p>
      <details className="relative">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 hover:bg-surface-sunken">
          <Bell className="h-5 w-5" aria-hidden="true" />
          <span>
            Notifications
            {data.openAlerts.total > 0 ? (
              <span
                className="ml-1 rounded-full bg-danger px-1.5 text-xs font-semibold text-white"
                data-testid="bell-open-alerts"
              >
                {data.openAlerts.total} open
              </span>
            ) : null}
            {data.unread > 0 ? (
              <span
                className="ml-1 rounded-full bg-danger px-1.5 text-xs font-semibold text-white"
                data-testid="bell-unread"
              >
                {data.unread} unread
              </span>
            ) : null}
          </span>
        </summary>
        <div className="card absolute right-0 z-20 mt-1 w-80 max-w-[90vw] p-2">
          {data.openAlerts.items.length ? (
            <div className="border-b border-slate-100 pb-2" data-testid="bell-severe">
              <p className="px-2 pt-1 text-xs font-semibold uppercase text-ink-muted">
                Open high and critical alerts ({data.openAlerts.total})
              </p>
              <ul>
                {data.openAlerts.items.map((a) => (
                  <li key={a.id} className="p-2">
                    <a href={`/alerts?alert=${a.id}`} className="font-semibold">
                      <span className="mr-1 text-xs uppercase text-danger">{a.severity}</span>
                      {a.title}
                    </a>
                    <p className="text-xs text-ink-muted">
                      Last seen <time dateTime={a.lastSeenAt}>{intl.formatDateTime(a.lastSeenAt)}</time>
                      {a.occurrences > 1 ? `, ${a.occurrences} times` : ""}
                    </p>
                  </li>
                ))}
              </ul>
              {data.openAlerts.total > data.openAlerts.items.length ? (
                <a href="/alerts?status=open" className="block px-2 text-sm">
                  All open alerts
                </a>
              ) : null}
            </div>
          ) : null}
          {data.items.length === 0 && data.openAlerts.items.length === 0 ? (
            <p className="p-2 text-ink-muted">No notifications.</p>
          ) : data.items.length === 0 ? null : (
            <ul className="divide-y divide-slate-100">
              {data.items.map((n) => (
                <li key={n.id} className="p-2">
                  <p className={n.read ? "" : "font-semibold"}>{n.title}</p>
                  {n.body ? <p className="text-xs text-ink-muted">{n.body}</p> : null}
                  <time className="text-xs text-ink-muted" dateTime={n.createdAt}>
                    {intl.formatDateTime(n.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          {data.unread > 0 ? (
            <Form method="post" action="/notifications/read" className="p-2">
              <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
              <button type="submit" className="btn-secondary py-1">
                Mark all read
              </button>
            </Form>
          ) : null}
        </div>
      </details>
    </div>
  );
}
