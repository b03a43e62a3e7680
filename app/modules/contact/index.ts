// Contact messages: what other modules (the operator commands) may use.
export { listContactMessages, type ContactMessage } from "./contact.server";
