import { describe, expect, test } from "bun:test";
import { en } from "../../i18n/en.ts";
import { absoluteLink, cleanVars, emailChoices, formatCallSlot, linkOf, mailTemplateOf, NOTIFICATION_KINDS, NOTIFICATION_VAR_MAX, parseVars } from "./kinds.ts";

describe("links", () => {
  test("each target opens its work, for the role told", () => {
    expect(linkOf({ type: "expense", id: 12 }, "EMPLOYEE")).toBe("/expenses?expense=12");
    expect(linkOf({ type: "estimate", id: 7, group: "acme", employeeId: 3 }, "HR")).toBe("/acme/cost-estimate-view?employeeId=3&costEstimateId=7");
    expect(linkOf({ type: "move", id: 5, group: "acme", employeeId: 3 }, "HR")).toBe("/acme/employeefile/summaryView?employeeId=3&moveId=5");
    const call = { type: "welcomeCall", id: 9, moveId: 5, group: "acme", employeeId: 3 } as const;
    expect(linkOf(call, "HR")).toBe("/acme/employeefile/summaryView?employeeId=3&moveId=5");
    expect(linkOf(call, "CRM")).toBe("/crm/welcome-calls?request=9");
    expect(linkOf(call, "ADMIN")).toBe("/crm/welcome-calls?request=9");
    expect(linkOf(call, "EMPLOYEE")).toBe("/");
    expect(linkOf({ type: "bulkJob", id: 0, group: "a b" }, "HR")).toBe("/a%20b/bulk-import");
    expect(linkOf({ type: "employeeHome", id: 1 }, "EMPLOYEE")).toBe("/");
  });

  test("e-mail links: the configured origin and an in-app path only", () => {
    expect(absoluteLink("https://m.example.com/", "/expenses?expense=1")).toBe("https://m.example.com/expenses?expense=1");
    for (const bad of ["https://evil.test/x", "//evil.test/x", "/\\evil.test", "expenses"]) expect(() => absoluteLink("https://m.example.com", bad)).toThrow();
  });
});

describe("texts", () => {
  test("every kind has its settings name, its line and an e-mail subject and body", () => {
    const texts = en as Record<string, string>;
    for (const kind of NOTIFICATION_KINDS) {
      expect(texts[`notifications.kind.${kind}`]).toBeString();
      expect(texts[`notifications.text.${kind}`]).toBeString();
      expect(texts[`mail.${mailTemplateOf(kind)}.subject`]).toBeString();
      expect(texts[`mail.${mailTemplateOf(kind)}.body`]).toBeString();
    }
    expect(mailTemplateOf("EXPENSE_CHANGE_REQUESTED")).toBe("notifyExpenseChangeRequested");
  });

  test("variables: strings, cut when long, nulls dropped; a damaged column reads as none", () => {
    const vars = cleanVars({ a: 1, b: null, c: undefined, d: "x".repeat(NOTIFICATION_VAR_MAX + 10) });
    expect(vars.a).toBe("1");
    expect("b" in vars || "c" in vars).toBe(false);
    expect(vars.d!.length).toBe(NOTIFICATION_VAR_MAX);
    expect(parseVars(JSON.stringify(vars))).toEqual(vars);
    expect(parseVars("{nope")).toEqual({});
    expect(parseVars("[1,2]")).toEqual({});
    expect(parseVars('{"a":1,"b":"x"}')).toEqual({ b: "x" });
  });
});

describe("choices and slots", () => {
  test("e-mail is on for every kind unless turned off", () => {
    const choices = emailChoices([{ kind: "EXPENSE_PAID", email: 0 }, { kind: "EXPENSE_APPROVED", email: 1 }, { kind: "UNKNOWN", email: 0 }]);
    expect(choices.EXPENSE_PAID).toBe(false);
    expect(choices.EXPENSE_APPROVED).toBe(true);
    expect(Object.keys(choices).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  test("a call slot reads in the employee's zone with its short name, never the IANA code", () => {
    expect(formatCallSlot("2026-12-09T14:00:00.000Z", "Europe/Paris")).toBe("9 Dec 2026, 15:00 CET");
    expect(formatCallSlot("2026-12-09T14:00:00.000Z", "Not/AZone")).toBe("9 Dec 2026, 14:00 UTC");
    expect(formatCallSlot("2026-12-09T14:00:00.000Z", "America/New_York")).not.toContain("America/");
    expect(formatCallSlot("garbage", "UTC")).toBe("garbage");
  });
});
