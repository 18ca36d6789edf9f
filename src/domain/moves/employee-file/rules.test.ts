import { describe, expect, test } from "bun:test";
import { checkProfile, firstError, isNotOlder, isValidPhone } from "./rules.ts";

describe("checkProfile", () => {
  test("a good profile is trimmed, the e-mail lower-cased, a blank phone none", () => {
    expect(checkProfile({ firstName: " Ada ", lastName: "Lovelace", email: " Ada@Example.COM ", phone: "  " })).toEqual({
      profile: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: null },
      errors: {},
    });
  });
  test("the wizard's stage-2 texts per field", () => {
    const { errors } = checkProfile({ firstName: "", lastName: " ", email: "ada@example", phone: "12" });
    expect(errors).toEqual({
      firstName: "First name cannot be empty.",
      lastName: "Last name cannot be empty.",
      email: "Email not in proper format.",
      phone: "Phone not in proper format.",
    });
    expect(checkProfile({ firstName: "A", lastName: "B", email: "", phone: undefined }).errors).toEqual({ email: "Email cannot be empty." });
    // part 1 §5: a top-level domain of 2 to 4 letters.
    expect(checkProfile({ firstName: "A", lastName: "B", email: "a@b.museum" }).errors.email).toBe("Email not in proper format.");
    expect(checkProfile({ firstName: "x".repeat(101), lastName: "B", email: "a@b.com" }).errors.firstName).toBe("First name is too long (at most 100 characters).");
  });
  test("phones", () => {
    expect(isValidPhone("+44 20 7946 0958")).toBe(true);
    expect(isValidPhone("(555) 123-4567")).toBe(true);
    expect(isValidPhone("call me")).toBe(false);
    expect(isValidPhone("1234")).toBe(false);
  });
  test("firstError follows the form's order", () => {
    expect(firstError({ email: "e", firstName: "f" }, ["firstName", "email"])).toBe("f");
    expect(firstError({}, ["firstName"])).toBeNull();
  });
  test("isNotOlder", () => {
    expect(isNotOlder("2026-01-01T00:00:01.000Z", "2026-01-01T00:00:00.000Z")).toBe(true);
    expect(isNotOlder("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z")).toBe(true);
    expect(isNotOlder("2025-12-31T23:59:59.000Z", "2026-01-01T00:00:00.000Z")).toBe(false);
    expect(isNotOlder("2025-12-31T23:59:59.000Z", null)).toBe(true);
  });
});
