import type { Config } from "../config.ts";
import { decodeComponent } from "../domain/text.ts";

export const SESSION_COOKIE = "meridian_session";

type CookieConfig = Pick<Config, "session" | "publicUrl">;

/**
 * COOKIE_SECURE=auto: Secure when PUBLIC_URL is https, or when this request came over HTTPS
 * (`secureRequest`: the URL's scheme, or X-Forwarded-Proto from a trusted proxy, see `isSecureRequest`).
 */
export function secure(config: CookieConfig, secureRequest: boolean): boolean {
  const s = config.session.secureCookie;
  if (s === "auto") return secureRequest || (config.publicUrl?.startsWith("https://") ?? false);
  return s;
}

/** HttpOnly, SameSite=Lax session cookie; Secure behind HTTPS. */
export function sessionCookie(token: string, maxAgeSeconds: number, config: CookieConfig, secureRequest = false): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure(config, secureRequest) ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookie(config: CookieConfig, secureRequest = false): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(secure(config, secureRequest) ? ["Secure"] : [])].join("; ");
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

/**
 * Social sign-in (issue 23 item 18): the attempt's state, kept by the browser that started it, so a
 * callback URL made by someone else (login CSRF: signing a victim in to the attacker's account) is
 * refused. Sent back on the provider's top-level redirect (SameSite=Lax); only to /social-login.
 */
export const SOCIAL_STATE_COOKIE = "meridian_social_state";

export function socialStateCookie(state: string, maxAgeSeconds: number, config: CookieConfig, secureRequest = false): string {
  return [`${SOCIAL_STATE_COOKIE}=${state}`, "Path=/social-login", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`, ...(secure(config, secureRequest) ? ["Secure"] : [])].join("; ");
}

export function clearSocialStateCookie(config: CookieConfig, secureRequest = false): string {
  return socialStateCookie("", 0, config, secureRequest);
}
