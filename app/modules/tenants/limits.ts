/**
 * Organization name wording and limits (docs/product.md §5), without zod: the sidebar's Add Organization
 * dialog imports these in the browser, and zod would add ~90 KB compressed to every shell page.
 * The server-side schema in ./validation.ts builds on the same constants.
 */
export const ORGANIZATION_NAME_REQUIRED = "Organization name is required";
export const ORGANIZATION_NAME_HINT = "Use at least 2 characters.";
export const ORGANIZATION_NAME_MAX = 100;

export const organizationCreatedToast = (name: string) => `Organization "${name}" created successfully!`;
export const ORGANIZATION_CREATE_FAILED = "Failed to create organization";
