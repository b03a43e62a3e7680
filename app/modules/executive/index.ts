// The executive module's isomorphic face: its permissions and the tools whose costs it asks for.
export { executivePermissions, COSTS_FORBIDDEN } from "./permissions";
export { REPLACED_TOOLS, type ToolKey } from "./tools";
