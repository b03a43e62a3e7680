/**
 * Money on the executive view: Intl.NumberFormat with the organization's currency. The locale is fixed so the
 * server's HTML and the browser's hydration agree.
 */
export function formatMoney(amount: number, currency = "USD"): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
  } catch {
    // A code this runtime does not know (stored before an ICU change): the amount with its code.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** Hours with at most one decimal ("2", "2.5"). */
export const formatHours = (hours: number) => (Number.isInteger(hours) ? String(hours) : hours.toFixed(1));
