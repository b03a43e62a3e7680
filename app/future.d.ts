// Typed loader data for Remix's single fetch (the v3_singleFetch future flag).
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
