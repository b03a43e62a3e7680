// The rendered-page cache the production server consults before Remix (docs/decisions/012).
export {
  lookupPage,
  lookupPublicPage,
  pageBody,
  pageFrom,
  pageGzip,
  storable,
  clearPageCache,
  bumpTenantDataVersion,
  type CachedPage,
  type PageSlot,
  type RequestHead,
} from "./page-cache.server";
