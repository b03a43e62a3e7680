/** Server-only entry points of the password module (see index.ts). */
export { checkPasswordBreach, NOT_CHECKED_MESSAGE, type BreachVerdict } from "./breach-source.server";
