import * as Dialog from "@radix-ui/react-dialog";
import * as Tooltip from "@radix-ui/react-tooltip";
import { Link, useRevalidator } from "@remix-run/react";
import { Plus, X } from "~/components/ui/icons";
import { useId, useState, type FormEvent } from "react";
import { apiRequest } from "~/lib/api-client";
import { ApiError, errorToast, SessionExpiredError } from "~/lib/errors";
import { toast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
import {
  ORGANIZATION_CREATE_FAILED,
  ORGANIZATION_NAME_HINT,
  ORGANIZATION_NAME_REQUIRED,
  organizationCreatedToast,
} from "~/modules/tenants";

type Props = { reached: boolean; upgradeMessage: string | null; compact?: boolean };

/**
 * The Add Organization control. Without JavaScript it is a link to the
 * /organizations/new page (same form, posted to the server). With it, the
 * link opens an accessible dialog that calls POST /api/tenants.
 * At the limit the control is aria-disabled (still focusable) and its tooltip
 * and the text beside it carry the plan's upgrade message.
 */
export function AddOrganization({ reached, upgradeMessage, compact }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const revalidator = useRevalidator();
  const inputId = useId();

  const reset = () => {
    setName("");
    setError(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(ORGANIZATION_NAME_REQUIRED);
      return;
    }
    setPending(true);
    try {
      const created = await apiRequest<{ id: string; name: string }>("POST", "/api/tenants", { name: trimmed });
      toast({ title: organizationCreatedToast(created.name), variant: "default", durationMs: 5000 });
      reset();
      setOpen(false);
      // The server selected the new tenant; refetch the tenant list and plan data.
      revalidator.revalidate();
    } catch (err) {
      // Spec §8: an expired session gets the catalogue's 'Session Expired' toast (sign in again), not a failure.
      if (err instanceof SessionExpiredError) {
        toast(errorToast(err));
        return;
      }
      // Spec §8: the server's message, or 'Failed to create organization'.
      const message =
        err instanceof ApiError && err.serverMessage && err.code !== "SERVER_ERROR"
          ? err.serverMessage
          : ORGANIZATION_CREATE_FAILED;
      toast({ title: "Error", description: message, variant: "destructive", durationMs: 5000 });
    } finally {
      setPending(false);
    }
  }

  const label = compact ? (
    <Plus className="h-4 w-4" aria-hidden="true" />
  ) : (
    <>
      <Plus className="h-4 w-4" aria-hidden="true" /> Add Organization
    </>
  );

  if (reached) {
    return (
      <div>
        <Tooltip.Provider delayDuration={150}>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <button
                type="button"
                aria-disabled="true"
                className="btn-secondary w-full"
                aria-label={compact ? "Add Organization" : undefined}
                onClick={(e) => e.preventDefault()}
                data-testid="add-organization"
              >
                {label}
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                side="right"
                className="z-50 max-w-xs rounded-md bg-ink px-3 py-2 text-xs text-white shadow"
                sideOffset={6}
              >
                {upgradeMessage}
                <Tooltip.Arrow className="fill-ink" />
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
        {compact ? null : (
          <p className="mt-1 text-xs text-ink-muted" data-testid="organization-upgrade-message">
            {upgradeMessage}{" "}
            <Link to="/pricing" className="underline">
              See plans
            </Link>
          </p>
        )}
      </div>
    );
  }

  if (!hydrated) {
    return (
      <Link
        to="/organizations/new"
        className="btn-secondary w-full no-underline"
        aria-label={compact ? "Add Organization" : undefined}
        data-testid="add-organization"
      >
        {label}
      </Link>
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="btn-secondary w-full"
          aria-label={compact ? "Add Organization" : undefined}
          data-testid="add-organization"
        >
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Add Organization</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            A new organization starts on the Free plan with you as its owner.
          </Dialog.Description>
          <form onSubmit={onSubmit} className="mt-4 space-y-3" noValidate>
            <div>
              <label htmlFor={inputId} className="label">
                Organization name
              </label>
              <input
                id={inputId}
                name="name"
                className="input"
                value={name}
                autoComplete="organization"
                onChange={(e) => {
                  setName(e.target.value);
                  if (error) setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
              />
              <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-muted">
                {ORGANIZATION_NAME_HINT}
              </p>
              {error ? (
                <p id={`${inputId}-error`} role="alert" className="field-error">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <button type="button" className="btn-secondary">
                  Cancel
                </button>
              </Dialog.Close>
              {/* Disabled while the field is empty (docs/product.md §5); a blank name of spaces can be submitted so the
                  'Organization name is required' message is shown for it instead of a silently dead button. */}
              <button type="submit" className="btn-primary" disabled={name === "" || pending}>
                {pending ? "Creating..." : "Create"}
              </button>
            </div>
          </form>
          <Dialog.Close asChild>
            <button
              type="button"
              className="absolute right-3 top-3 rounded p-1 hover:bg-surface-sunken"
              aria-label="Close"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
