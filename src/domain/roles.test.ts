import { describe, expect, test } from "bun:test";
import { canActInGroup, groupRoles, homePathFor, isGroupRole, roles, staffRoles, type Role } from "./roles.ts";

describe("homePathFor", () => {
  test.each([
    ["HR", "acme", "/acme/home"],
    ["MANAGER", "globex", "/globex/home"],
    ["HR", null, "/"],
    ["ADMIN", null, "/admin"],
    ["FINANCE", null, "/finance"],
    ["CRM", null, "/crm"],
    ["SUPPLIER", "acme", "/supplier"],
    ["EMPLOYEE", "acme", "/"],
  ] as const)("%s of %p lands on %s", (role, groupName, path) => {
    expect(homePathFor({ role, groupName })).toBe(path);
  });

  test("every role has a home", () => {
    for (const role of roles) expect(homePathFor({ role, groupName: "acme" })).toMatch(/^\//);
  });
});

describe("canActInGroup", () => {
  const acme = 1;
  const globex = 2;

  test("a platform admin acts in any group", () => {
    expect(canActInGroup({ role: "ADMIN", groupId: null }, acme)).toBe(true);
    expect(canActInGroup({ role: "ADMIN", groupId: null }, globex)).toBe(true);
  });

  test.each(["HR", "MANAGER", "EMPLOYEE", "SUPPLIER"] as const)("%s acts in its own group only", (role: Role) => {
    expect(canActInGroup({ role, groupId: acme }, acme)).toBe(true);
    expect(canActInGroup({ role, groupId: acme }, globex)).toBe(false);
  });

  test.each(["FINANCE", "CRM"] as const)("%s (platform staff without a group) acts in none", (role: Role) => {
    expect(canActInGroup({ role, groupId: null }, acme)).toBe(false);
  });
});

describe("role sets", () => {
  test("group roles and staff roles split the roles", () => {
    expect([...groupRoles, ...staffRoles].sort()).toEqual([...roles].sort());
    expect(isGroupRole("HR")).toBe(true);
    expect(isGroupRole("ADMIN")).toBe(false);
  });
});
