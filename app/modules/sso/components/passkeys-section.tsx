/**
 * Settings → Passkeys: the person's passkeys (name, added, last used) with rename and remove as plain forms
 * (without JavaScript too), and "Add a passkey", which runs the WebAuthn ceremony and so needs JavaScript.
 */
import { useState } from "react";
import { Form, useRevalidator } from "@remix-run/react";
import { startRegistration } from "@simplewebauthn/browser";
import { FormField } from "~/components/form-field";
import { useHydrated } from "~/lib/use-hydrated";
import { useFormat } from "~/lib/format-context";

export type PasskeysSectionData = {
  available: boolean;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
};
export type PasskeysResult = { intent: string; ok?: string; errors?: Record<string, string | undefined> };

export function PasskeysSection({ data, result }: { data: PasskeysSectionData; result: PasskeysResult | undefined }) {
  const { formatDate: day } = useFormat();
  // Rename and remove answers are shown by the page's SettingsNotice.
  void result;
  return (
    <section aria-labelledby="passkeys-title" className="card space-y-4" data-testid="passkeys">
      <div>
        <h2 id="passkeys-title" className="text-lg font-semibold">
          Passkeys
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          A passkey signs you in with your device&apos;s screen lock (fingerprint, face or PIN) instead of a password.
          It counts as both factors: no second step is asked.
        </p>
      </div>
      {data.passkeys.length === 0 ? (
        <p className="text-sm" data-testid="no-passkeys">
          You have no passkeys yet.
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-ink-muted">
              <th className="py-1">Name</th>
              <th className="py-1">Added</th>
              <th className="py-1">Last used</th>
              <th className="py-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.passkeys.map((p) => (
              <tr key={p.id} className="border-t border-slate-200 align-top" data-testid="passkey-row">
                <td className="py-2">
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="intent" value="rename-passkey" />
                    <input type="hidden" name="passkeyId" value={p.id} />
                    <label className="sr-only" htmlFor={`name-${p.id}`}>
                      Name of this passkey
                    </label>
                    <input id={`name-${p.id}`} name="name" defaultValue={p.name} maxLength={60} className="input" />
                    <button type="submit" className="btn-secondary">
                      Rename
                    </button>
                  </Form>
                </td>
                <td className="py-2">{day(p.createdAt)}</td>
                <td className="py-2">{p.lastUsedAt ? day(p.lastUsedAt) : "Never"}</td>
                <td className="py-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-passkey" />
                    <input type="hidden" name="passkeyId" value={p.id} />
                    <button type="submit" className="btn-danger" aria-label={`Remove passkey ${p.name}`}>
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.available ? (
        <AddPasskey />
      ) : (
        <p className="text-sm text-ink-muted">
          Passkeys need the server&apos;s public address to be set. Ask the person who runs this server.
        </p>
      )}
    </section>
  );
}

function AddPasskey() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function post(body: unknown) {
    const res = await fetch("/api/passkeys/registration", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as { message?: string } | null;
    if (!res.ok) throw new Error(data?.message ?? "The passkey could not be added.");
    return data as unknown;
  }
  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const { challengeId, options } = (await post({ step: "options" })) as { challengeId: string; options: never };
      const response = await startRegistration({ optionsJSON: options });
      await post({ step: "verify", challengeId, response, name: name.trim() || "Passkey" });
      setMessage({ ok: true, text: `Passkey “${name.trim() || "Passkey"}” added.` });
      setName("");
      revalidator.revalidate();
    } catch (e) {
      const n = (e as Error).name;
      setMessage({
        ok: false,
        text:
          n === "NotAllowedError" || n === "AbortError"
            ? "The passkey request was cancelled or timed out."
            : n === "InvalidStateError"
              ? "This device already holds a passkey for your account."
              : (e as Error).message,
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={add} className="space-y-3" data-hydrated={hydrated ? "true" : undefined}>
      <FormField
        id="passkey-name"
        name="name"
        label="Name for the new passkey"
        maxLength={60}
        placeholder="e.g. Work laptop"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <button type="submit" className="btn-primary" disabled={!hydrated || busy} data-testid="add-passkey">
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </button>
      {!hydrated ? (
        <p className="text-xs text-ink-muted" data-testid="passkey-needs-js">
          Adding a passkey needs JavaScript in this browser (the device is asked through it). Renaming and removing work
          without it.
        </p>
      ) : null}
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-ok" : "field-error"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
