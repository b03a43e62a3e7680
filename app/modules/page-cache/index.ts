// The rendered-page cache the production server consults before Remix (docs/decisions/012).
export {
  lookupPage,
  pageBody,
  pageFrom,
  pageGzip,
  storable,
  clearPageCache,
  bumpTenantDataVersion,
  type CachedPage,
  type PageSlot,
} from "./page-cache.server";
