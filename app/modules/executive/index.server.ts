// The executive module's server face for other modules: value delivered (tools in use, hours saved, savings).
export { valueDelivered, type ValueDelivered, type ToolValue } from "./value.server";
export { hoursSaved, modulesInUse, ACTIVITY_MINUTES, VALUE_WINDOW_DAYS } from "./activity.server";
