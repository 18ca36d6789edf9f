import { describe, expect, test } from "bun:test";
import {
  emailDomain,
  formatAllowedDomains,
  isAcceptableIssuerUrl,
  isDomainAllowed,
  isStateExpired,
  parseAllowedDomains,
  SSO_STATE_MINUTES,
  ssoRefusal,
  stateExpiresAt,
  usesSso,
} from "./rules.ts";
import { ZSsoSaveSettingsRequest } from "./schemas.ts";

describe("allowed domains", () => {
  test("parse: trims, lower-cases, drops blanks, @ prefixes and duplicates", () => {
    expect(parseAllowedDomains(" Initech.test, ,@acme.com,initech.TEST ")).toEqual(["initech.test", "acme.com"]);
    expect(parseAllowedDomains(["A.test", "a.test"])).toEqual(["a.test"]);
    expect(parseAllowedDomains("")).toEqual([]);
    expect(formatAllowedDomains(["B.test", "a.test"])).toBe("b.test,a.test");
  });

  test("match: exact domain, case-insensitive; no subdomains, no suffix tricks", () => {
    expect(emailDomain("Sam@Initech.Test")).toBe("initech.test");
    expect(emailDomain("no-at-sign")).toBe("");
    expect(isDomainAllowed("sam@initech.test", "initech.test")).toBe(true);
    expect(isDomainAllowed("SAM@INITECH.TEST", ["other.test", "Initech.test"])).toBe(true);
    expect(isDomainAllowed("sam@sub.initech.test", "initech.test")).toBe(false);
    expect(isDomainAllowed("sam@evilinitech.test", "initech.test")).toBe(false);
    expect(isDomainAllowed("sam@initech.test.evil", "initech.test")).toBe(false);
    expect(isDomainAllowed("sam@initech.test", "")).toBe(false);
    expect(isDomainAllowed("initech.test", "initech.test")).toBe(false);
  });
});

describe("login state expiry", () => {
  test("a state lives 10 minutes", () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const expires = stateExpiresAt(now);
    expect(SSO_STATE_MINUTES).toBe(10);
    expect(expires).toBe("2026-11-22T10:10:00.000Z");
    expect(isStateExpired(expires, new Date("2026-11-22T10:09:59.999Z"))).toBe(false);
    expect(isStateExpired(expires, new Date("2026-11-22T10:10:00.000Z"))).toBe(true);
    expect(isStateExpired(expires, new Date("2026-11-22T11:00:00.000Z"))).toBe(true);
  });
});

describe("issuer URLs", () => {
  test("https anywhere; plain http only on this machine", () => {
    expect(isAcceptableIssuerUrl("https://login.example.com/realms/x")).toBe(true);
    expect(isAcceptableIssuerUrl("http://127.0.0.1:9400/oidc")).toBe(true);
    expect(isAcceptableIssuerUrl("http://localhost:9400")).toBe(true);
    expect(isAcceptableIssuerUrl("http://login.example.com")).toBe(false);
    expect(isAcceptableIssuerUrl("https://login.example.com/?x=1")).toBe(false);
    expect(isAcceptableIssuerUrl("ftp://login.example.com")).toBe(false);
    expect(isAcceptableIssuerUrl("not a url")).toBe(false);
  });
});

describe("who uses SSO (check-user)", () => {
  const settings = { enabled: true, allowedDomains: "initech.test" };
  test("SSO user AND enabled settings AND allowed domain", () => {
    expect(usesSso({ isSsoUser: true, email: "a@initech.test" }, settings)).toBe(true);
    expect(usesSso({ isSsoUser: false, email: "a@initech.test" }, settings)).toBe(false);
    expect(usesSso({ isSsoUser: true, email: "a@initech.test" }, { ...settings, enabled: false })).toBe(false);
    expect(usesSso({ isSsoUser: true, email: "a@other.test" }, settings)).toBe(false);
    expect(usesSso({ isSsoUser: true, email: "a@initech.test" }, null)).toBe(false);
  });
});

describe("callback decision", () => {
  const ok = {
    email: "sam@initech.test",
    emailVerified: true as boolean | undefined,
    stateGroupId: 7,
    settings: { enabled: true, allowedDomains: "initech.test" },
    user: { groupId: 7, activationState: "ACTIVE", anonymizedAt: null as string | null, groupStatus: "ACTIVE" },
  };
  test("an active member of the state's group with an allowed domain signs in", () => {
    expect(ssoRefusal(ok)).toBeNull();
    expect(ssoRefusal({ ...ok, emailVerified: undefined })).toBeNull();
  });
  test("every refusal has its reason", () => {
    expect(ssoRefusal({ ...ok, email: null })).toBe("no_email");
    expect(ssoRefusal({ ...ok, emailVerified: false })).toBe("email_not_verified");
    expect(ssoRefusal({ ...ok, settings: null })).toBe("sso_disabled");
    expect(ssoRefusal({ ...ok, settings: { ...ok.settings, enabled: false } })).toBe("sso_disabled");
    expect(ssoRefusal({ ...ok, email: "sam@other.test" })).toBe("domain_not_allowed");
    expect(ssoRefusal({ ...ok, user: null })).toBe("unknown_user");
    expect(ssoRefusal({ ...ok, user: { ...ok.user, groupId: 8 } })).toBe("other_group");
    expect(ssoRefusal({ ...ok, user: { ...ok.user, groupId: null } })).toBe("other_group");
    expect(ssoRefusal({ ...ok, user: { ...ok.user, anonymizedAt: "2026-01-01T00:00:00.000Z" } })).toBe("anonymized");
    expect(ssoRefusal({ ...ok, user: { ...ok.user, activationState: "PENDING" } })).toBe("not_active");
    expect(ssoRefusal({ ...ok, user: { ...ok.user, activationState: "DISABLED" } })).toBe("not_active");
    expect(ssoRefusal({ ...ok, user: { ...ok.user, groupStatus: "SUSPENDED" } })).toBe("group_suspended");
  });
});

describe("settings schema", () => {
  const base = { group: "initech", issuerUrl: "https://idp.example/", clientId: " c ", allowedDomains: ["Initech.test"], enabled: true };
  test("normalizes issuer, client id and domains", () => {
    expect(ZSsoSaveSettingsRequest.parse(base)).toEqual({ ...base, issuerUrl: "https://idp.example", clientId: "c", allowedDomains: ["initech.test"] });
  });
  test("refuses bad domains and an empty list", () => {
    expect(ZSsoSaveSettingsRequest.safeParse({ ...base, allowedDomains: ["-bad-.test"] }).success).toBe(false);
    expect(ZSsoSaveSettingsRequest.safeParse({ ...base, allowedDomains: ["nodot"] }).success).toBe(false);
    expect(ZSsoSaveSettingsRequest.safeParse({ ...base, allowedDomains: [" "] }).success).toBe(false);
  });
});
