import { describe, expect, test } from "bun:test";
import { socialLoginErrorText, socialLoginMessages } from "./messages.ts";
import { parseSocialProviders, providerServesGroup, secretVariableFor } from "./providers.ts";
import { socialAccessRefusal, socialCallbackRefusal, socialLoginAnswer, type SocialUserFacts } from "./rules.ts";

const provider = { id: "testid", name: "Test ID", issuer: "https://id.example", clientId: "c", clientSecret: "s", groups: ["acme"] };
const employee: SocialUserFacts = { role: "EMPLOYEE", groupName: "acme", activationState: "ACTIVE", anonymizedAt: null, groupStatus: "ACTIVE", usesSso: false };

describe("SOCIAL_PROVIDERS", () => {
  test("unset or blank: no providers", () => {
    expect(parseSocialProviders({})).toEqual({ providers: [] });
    expect(parseSocialProviders({ SOCIAL_PROVIDERS: "  " })).toEqual({ providers: [] });
  });

  test("a provider with its secret from SOCIAL_<ID>_CLIENT_SECRET; groups lower-cased; trailing slash dropped", () => {
    const env = {
      SOCIAL_PROVIDERS: JSON.stringify([{ id: "my-id", name: " My ID ", issuer: "https://id.example/", clientId: "c", groups: ["Acme", "acme", "*"] }]),
      [secretVariableFor("my-id")]: "s3cret",
    };
    expect(secretVariableFor("my-id")).toBe("SOCIAL_MY_ID_CLIENT_SECRET");
    expect(parseSocialProviders(env)).toEqual({ providers: [{ id: "my-id", name: "My ID", issuer: "https://id.example", clientId: "c", clientSecret: "s3cret", groups: ["acme", "*"] }] });
  });

  test("what is wrong is named", () => {
    const one = (p: object, extra: Record<string, string> = {}) => parseSocialProviders({ SOCIAL_PROVIDERS: JSON.stringify([p]), ...extra });
    const ok = { id: "x", name: "X", issuer: "https://id.example", clientId: "c", clientSecret: "s", groups: ["acme"] };
    expect(parseSocialProviders({ SOCIAL_PROVIDERS: "[{" })).toEqual({ error: "SOCIAL_PROVIDERS: not valid JSON (an array of providers)" });
    expect("error" in one({ ...ok, clientSecret: undefined })).toBe(true);
    expect("error" in one({ ...ok, id: "Bad Id" })).toBe(true);
    expect("error" in one({ ...ok, issuer: "ftp://id.example" })).toBe(true);
    expect("error" in one({ ...ok, issuer: "https://id.example/?a=1" })).toBe(true);
    expect("error" in one({ ...ok, groups: [] })).toBe(true);
    expect(parseSocialProviders({ SOCIAL_PROVIDERS: JSON.stringify([ok, ok]) })).toEqual({ error: 'SOCIAL_PROVIDERS: the id "x" is used twice' });
  });

  test("groups: listed names or every group with *", () => {
    expect(providerServesGroup({ groups: ["acme"] }, "ACME")).toBe(true);
    expect(providerServesGroup({ groups: ["acme"] }, "globex")).toBe(false);
    expect(providerServesGroup({ groups: ["*"] }, "globex")).toBe(true);
    expect(providerServesGroup({ groups: ["*"] }, null)).toBe(false);
  });
});

describe("who may use a provider (part 2 §6: not managers)", () => {
  test("an active employee, admin-type or supplier of a served group", () => {
    expect(socialAccessRefusal(employee, provider)).toBeNull();
    expect(socialAccessRefusal({ ...employee, role: "SUPPLIER" }, provider)).toBeNull();
  });
  test("every refusal has its reason", () => {
    for (const role of ["MANAGER", "HR", "FINANCE", "CRM"] as const) expect(socialAccessRefusal({ ...employee, role }, provider)).toBe("role_not_allowed");
    expect(socialAccessRefusal({ ...employee, groupName: null }, provider)).toBe("no_group");
    expect(socialAccessRefusal({ ...employee, usesSso: true }, provider)).toBe("sso_user");
    expect(socialAccessRefusal({ ...employee, groupName: "globex" }, provider)).toBe("provider_not_allowed");
    expect(socialAccessRefusal({ ...employee, anonymizedAt: "2026-01-01T00:00:00.000Z" }, provider)).toBe("anonymized");
    expect(socialAccessRefusal({ ...employee, activationState: "PENDING" }, provider)).toBe("not_active");
    expect(socialAccessRefusal({ ...employee, groupStatus: "SUSPENDED" }, provider)).toBe("group_suspended");
  });
  test("the login answer: all with a password, social without; direct for everyone else", () => {
    const other = { ...provider, id: "other", name: "Other", groups: ["globex"] };
    expect(socialLoginAnswer({ ...employee, hasPassword: true }, [provider, other])).toEqual({ allowSocialLogin: true, loginType: "all", socialProviders: [{ id: "testid", name: "Test ID" }] });
    expect(socialLoginAnswer({ ...employee, hasPassword: false }, [provider])).toMatchObject({ loginType: "social" });
    const direct = { allowSocialLogin: false, loginType: "direct" as const, socialProviders: [] };
    expect(socialLoginAnswer(null, [provider])).toEqual(direct);
    expect(socialLoginAnswer({ ...employee, role: "MANAGER", hasPassword: true }, [provider])).toEqual(direct);
    expect(socialLoginAnswer({ ...employee, hasPassword: true }, [])).toEqual(direct);
  });
});

describe("the callback's decision", () => {
  const ok = { subject: "sub-1", email: "ana@acme.test", emailVerified: true as boolean | undefined, linkedUserId: null as number | null, stateUserId: 7, user: { ...employee, email: "ana@acme.test" }, provider };
  test("a verified equal address links; a linked identity signs in its own user whatever its address", () => {
    expect(socialCallbackRefusal(ok)).toBeNull();
    expect(socialCallbackRefusal({ ...ok, email: " ANA@acme.test" })).toBeNull();
    expect(socialCallbackRefusal({ ...ok, linkedUserId: 7, email: "other@x.test", emailVerified: false })).toBeNull();
  });
  test("refusals", () => {
    expect(socialCallbackRefusal({ ...ok, subject: "" })).toBe("no_subject");
    expect(socialCallbackRefusal({ ...ok, email: null })).toBe("no_email");
    expect(socialCallbackRefusal({ ...ok, emailVerified: false })).toBe("email_not_verified");
    expect(socialCallbackRefusal({ ...ok, emailVerified: undefined })).toBe("email_not_verified");
    expect(socialCallbackRefusal({ ...ok, email: "ben@acme.test" })).toBe("email_mismatch");
    expect(socialCallbackRefusal({ ...ok, linkedUserId: 8 })).toBe("linked_to_other_account");
    expect(socialCallbackRefusal({ ...ok, user: null })).toBe("email_mismatch");
    expect(socialCallbackRefusal({ ...ok, user: { ...ok.user, role: "HR" } })).toBe("role_not_allowed");
    expect(socialCallbackRefusal({ ...ok, provider: { groups: ["globex"] } })).toBe("provider_not_allowed");
  });
});

test("a socialError kind in the URL maps to its text; anything else to the spec's generic text (part 2 §8)", () => {
  expect(socialLoginErrorText("email_not_verified")).toBe(socialLoginMessages.email_not_verified);
  expect(socialLoginErrorText("<script>")).toBe("Error!. Please contact our customer support.");
  expect(socialLoginErrorText(undefined)).toBeNull();
});
