import type { Config } from "../config.ts";
import { decodeComponent } from "../domain/text.ts";

export const SESSION_COOKIE = "meridian_session";

function secure(config: Pick<Config, "session" | "publicUrl">): boolean {
  const s = config.session.secureCookie;
  if (s === "auto") return config.publicUrl?.startsWith("https://") ?? false;
  return s;
}

/** HttpOnly, SameSite=Lax session cookie; Secure behind HTTPS. */
export function sessionCookie(token: string, maxAgeSeconds: number, config: Pick<Config, "session" | "publicUrl">): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure(config) ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookie(config: Pick<Config, "session" | "publicUrl">): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(secure(config) ? ["Secure"] : [])].join("; ");
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    // A value that is not valid percent-encoding was never set by this server: as if absent.
    const value = decodeComponent(part.slice(eq + 1).trim());
    if (value !== null) return value;
  }
  return null;
}
