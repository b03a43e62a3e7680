/** The feeds' progress lines: one JSON line on stdout each, like the server's other logs. */
export function feedLog(msg: string, level: "info" | "warn" | "error" = "info") {
  console.log(JSON.stringify({ time: new Date().toISOString(), level, msg }));
}
