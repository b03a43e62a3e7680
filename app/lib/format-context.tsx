/**
 * The render's formatter: the root layout provides the locale negotiated by the root loader (UTC, the render's
 * instant), the signed-in shell narrows the time zone to the organization's. Server render and hydration read
 * the same loader data, so they format the same text.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createFormatter, DEFAULT_LOCALE, type FormatSettings, type Formatter } from "./format";

const FALLBACK: FormatSettings = { locale: DEFAULT_LOCALE, timeZone: "UTC", now: 0 };
const FormatContext = createContext<FormatSettings>(FALLBACK);

export function FormatProvider({ settings, children }: { settings: Partial<FormatSettings>; children: ReactNode }) {
  const parent = useContext(FormatContext);
  const locale = settings.locale ?? parent.locale;
  const timeZone = settings.timeZone ?? parent.timeZone;
  const now = settings.now ?? parent.now;
  const value = useMemo(() => ({ locale, timeZone, now }), [locale, timeZone, now]);
  return <FormatContext.Provider value={value}>{children}</FormatContext.Provider>;
}

export function useFormat(): Formatter {
  const settings = useContext(FormatContext);
  return useMemo(() => createFormatter(settings), [settings]);
}
