/**
 * The caps on a cloud upload (issue 35, untrusted-input rules): the upload itself, the zip's entries, each
 * file's and all files' inflated size. Counted while inflating, so a zip whose headers understate its sizes
 * stops at the cap too. Shared by the parser (worker) and the route's messages.
 */
const MB = 1024 * 1024;

export const MAX_UPLOAD_BYTES = 10 * MB;
export const MAX_ZIP_ENTRIES = 2000;
export const MAX_FILE_BYTES = 20 * MB;
export const MAX_TOTAL_BYTES = 100 * MB;
/** How long a thread may take over one upload (unzip, parse, checks). */
export const PARSE_DEADLINE_MS = 15_000;

export const UPLOAD_TOO_LARGE = "The upload is larger than 10 MB. Split the accounts into separate uploads.";
export const TOO_MANY_ENTRIES = `The zip holds more than ${MAX_ZIP_ENTRIES} files.`;
export const FILE_TOO_LARGE = "A file in the zip inflates to more than 20 MB.";
export const TOTAL_TOO_LARGE = "The zip inflates to more than 100 MB in all.";
export const PARSE_TOO_SLOW = `The upload took longer than ${PARSE_DEADLINE_MS / 1000} s to read, so nothing was stored.`;
export const NOT_A_ZIP = "The zip could not be read (truncated, encrypted or not a zip).";
