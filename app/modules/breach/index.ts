// Dark web monitoring: what other modules (the operator commands) may use.
export { verifyWatchedDomain } from "./watchlist.server";
