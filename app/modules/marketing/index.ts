// The public site's content: what shared components may use.
export { TEASERS, type Teaser } from "./teasers";
export { INDUSTRIES, type Industry } from "./industries";
