import { describe, expect, test } from "bun:test";
import { findPage, groupOfPath } from "./pages.ts";

describe("findPage", () => {
  test("the login page is public", () => {
    expect(findPage("/login")).toEqual({ kind: "public" });
    expect(findPage("/login/")).toEqual({ kind: "public" });
  });

  test("the root needs a session, any role", () => {
    expect(findPage("/")).toEqual({ kind: "signed-in" });
  });

  test("staff homes name their roles", () => {
    expect(findPage("/admin")).toEqual({ kind: "signed-in", roles: ["ADMIN"] });
    expect(findPage("/finance")).toEqual({ kind: "signed-in", roles: ["FINANCE", "ADMIN"] });
    // issue 23 item 22: the documented account-management root opens the accounts page; its calls are no pages.
    expect(findPage("/accountmanagement/")).toEqual({ kind: "signed-in", roles: ["FINANCE", "ADMIN"] });
    expect(findPage("/accountmanagement")).toEqual({ kind: "signed-in", roles: ["FINANCE", "ADMIN"] });
    expect(findPage("/accountmanagement/rejectExpense")).toBeNull();
    expect(findPage("/crm")).toEqual({ kind: "signed-in", roles: ["CRM", "ADMIN"] });
    expect(findPage("/supplier")).toEqual({ kind: "signed-in", roles: ["SUPPLIER"] });
  });

  test("group homes are group pages for HR, managers and admins", () => {
    expect(findPage("/acme/home")).toEqual({ kind: "group", roles: ["HR", "MANAGER", "ADMIN"] });
    expect(groupOfPath("/acme/home")).toBe("acme");
  });

  test("the new-move wizard is a group page for HR and admins; its preview and the form builder are admin pages", () => {
    expect(findPage("/acme/new-move")).toEqual({ kind: "group", roles: ["HR", "ADMIN"] });
    expect(groupOfPath("/acme/new-move")).toBe("acme");
    expect(findPage("/acme/admin/new-move")).toEqual({ kind: "group", roles: ["ADMIN"] });
    expect(groupOfPath("/acme/admin/new-move")).toBe("acme");
    expect(findPage("/admin/form-builder")).toEqual({ kind: "signed-in", roles: ["ADMIN"] });
  });

  test("the HR move page (employee file summary) is a group page for HR and admins", () => {
    expect(findPage("/acme/employeefile/summaryView")).toEqual({ kind: "group", roles: ["HR", "ADMIN"] });
    expect(groupOfPath("/acme/employeefile/summaryView")).toBe("acme");
    expect(findPage("/acme/employeefile/summaryView/x")).toBeNull();
  });

  test("the manager dashboard page is a group page for HR, managers and admins (issue 15); the legacy HTML call is no page", () => {
    expect(findPage("/acme/managerDashboard")).toEqual({ kind: "group", roles: ["HR", "MANAGER", "ADMIN"] });
    expect(groupOfPath("/acme/managerDashboard")).toBe("acme");
    expect(findPage("/acme/managerDashboardBody")).toBeNull();
    expect(findPage("/acme/managerDashboard/x")).toBeNull();
  });

  test.each(["/nope", "/acme", "/acme/home/extra", "/Acme/home", "/admin/x", "/.env", "/acme/new-move/x", "/admin/form-builder/x"])("%s is no page", (path) => {
    expect(findPage(path)).toBeNull();
  });
});
