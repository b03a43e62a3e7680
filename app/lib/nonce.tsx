/**
 * The CSP nonce reaches <Scripts> and <ScrollRestoration> through React
 * context (set in entry.server.tsx), never through loader data.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
