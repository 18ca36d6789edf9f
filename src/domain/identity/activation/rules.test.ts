import { describe, expect, test } from "bun:test";
import { activationLink, activationPathFor, canInviteRole, formatMoveDate, isTicked, parseMoveDate, pathTypeMatchesRole, socialLoginFor, userTypeFor } from "./rules.ts";
import { ZActivateRequest } from "./schemas.ts";

describe("activation form rules", () => {
  test("managers never get social login", () => {
    expect(socialLoginFor(userTypeFor("MANAGER"))).toEqual({ allowSocialLogin: false, loginType: "direct" });
    expect(socialLoginFor(userTypeFor("HR"))).toEqual({ allowSocialLogin: false, loginType: "direct" });
    expect(socialLoginFor(userTypeFor("EMPLOYEE"))).toEqual({ allowSocialLogin: true, loginType: "all" });
  });

  test("path type follows the role", () => {
    expect(activationPathFor("EMPLOYEE")).toBe("employee");
    expect(activationPathFor("MANAGER")).toBe("group");
    expect(activationPathFor("HR")).toBe("group");
    expect(activationPathFor("ADMIN")).toBe("adminuser");
    expect(activationPathFor("SUPPLIER")).toBe("supplier");
    expect(pathTypeMatchesRole("employee", "EMPLOYEE")).toBe(true);
    expect(pathTypeMatchesRole("group", "EMPLOYEE")).toBe(false);
    expect(pathTypeMatchesRole("employee", "MANAGER")).toBe(false);
    expect(activationLink("http://x", "HR", "a b")).toBe("http://x/group/activate?ac=a%20b");
  });

  test("who may invite whom", () => {
    expect(canInviteRole("HR", "EMPLOYEE")).toBe(true);
    expect(canInviteRole("HR", "SUPPLIER")).toBe(false);
    expect(canInviteRole("ADMIN", "SUPPLIER")).toBe(true);
    expect(canInviteRole("ADMIN", "ADMIN")).toBe(false);
    expect(canInviteRole("EMPLOYEE", "EMPLOYEE")).toBe(false);
  });

  test("moveDate dd/MM/yyyy", () => {
    expect(parseMoveDate("01/02/2027")).toBe("2027-02-01");
    expect(parseMoveDate("29/02/2028")).toBe("2028-02-29");
    expect(parseMoveDate("29/02/2027")).toBeNull();
    expect(parseMoveDate("2027-02-01")).toBeNull();
    expect(parseMoveDate("13/13/2027")).toBeNull();
    expect(parseMoveDate("1/2/2027")).toBeNull();
    expect(formatMoveDate("2027-02-01")).toBe("01/02/2027");
    expect(formatMoveDate(null)).toBeNull();
  });

  test("checkbox values", () => {
    expect(["true", "on", "1", true].every(isTicked)).toBe(true);
    expect(["false", "", "0", false, undefined].some(isTicked)).toBe(false);
  });

  test("the activation schema lists every broken password rule", () => {
    const r = ZActivateRequest.safeParse({ ac: "x", firstName: "A", lastName: "B", password: "short", confirmPassword: "other", moveDate: "2027-01-01" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toContain("password");
    expect(paths).toContain("confirmPassword");
    expect(paths).toContain("moveDate");
  });
});
