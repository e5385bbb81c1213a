/**
 * True when a `Content-Type` names JSON: `application/json` or any `application/*+json`, in any
 * letter case, with no `charset` or a UTF-8 one (RFC 8259 JSON is UTF-8).
 */
export function isJsonMediaType(contentType: string): boolean {
  const [essence = "", ...params] = contentType.split(";");
  const type = essence.trim().toLowerCase();
  if (type !== "application/json" && !(type.startsWith("application/") && type.endsWith("+json"))) {
    return false;
  }
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"|"$/g, "")
      .toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return false;
  }
  return true;
}
