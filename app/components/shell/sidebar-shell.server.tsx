// The server renders the shell synchronously from this re-export; the browser build empties *.server files,
// so only ./app-shell's dynamic import brings the shell's code to the browser (see ../split-component).
export { SidebarShell } from "./sidebar-shell";
