// The server renders the error screens synchronously from this re-export; the browser build empties *.server
// files, so ./error-screens loads the screens' code only when one is shown (see ./split-component).
export * from "./error-screen-content";
