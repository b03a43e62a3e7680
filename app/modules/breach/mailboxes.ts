/**
 * The mailboxes a domain's administrators read by convention (RFC 2142); a link mailed to one proves control.
 * Isomorphic: the page's form schema reads it in the browser bundle too.
 */
export const CONFIRMATION_MAILBOXES = ["security", "postmaster", "hostmaster"] as const;
export type ConfirmationMailbox = (typeof CONFIRMATION_MAILBOXES)[number];
