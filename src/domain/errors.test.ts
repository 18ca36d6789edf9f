import { describe, expect, test } from "bun:test";
import { AppError, appCodeForTrpc, errorTable, publicError, type AppErrorCode } from "./errors.ts";
import { fieldMessage, messages } from "./messages.ts";

describe("errorTable", () => {
  test.each([
    ["BAD_REQUEST", "BAD_REQUEST", 400],
    ["VALIDATION", "BAD_REQUEST", 400],
    ["UNAUTHORIZED", "UNAUTHORIZED", 401],
    ["FORBIDDEN", "FORBIDDEN", 403],
    ["NOT_FOUND", "NOT_FOUND", 404],
    ["CONFLICT", "CONFLICT", 409],
    ["PAYLOAD_TOO_LARGE", "PAYLOAD_TOO_LARGE", 413],
    ["TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS", 429],
    ["INTERNAL", "INTERNAL_SERVER_ERROR", 500],
  ] as const)("%s → tRPC %s, HTTP %d", (code, trpc, http) => {
    expect(errorTable[code as AppErrorCode]).toEqual({ trpc, http });
  });

  test("covers exactly the nine codes", () => {
    expect(Object.keys(errorTable)).toHaveLength(9);
  });
});

describe("AppError", () => {
  test("carries code, message and fields", () => {
    const error = new AppError("VALIDATION", messages.formHasErrors, { password: "Too short" });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("AppError");
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe(messages.formHasErrors);
    expect(error.fields).toEqual({ password: "Too short" });
  });
});

describe("publicError", () => {
  test("an AppError keeps its text and fields", () => {
    expect(publicError(new AppError("FORBIDDEN", messages.otherGroup))).toEqual({ code: "FORBIDDEN", message: messages.otherGroup, fields: undefined });
    expect(publicError(new AppError("VALIDATION", "x", { a: "b" }))).toEqual({ code: "VALIDATION", message: "x", fields: { a: "b" } });
  });

  test.each([
    ["an Error", new Error("connection to postgres://admin:secret@db failed")],
    ["a TypeError", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a string", "boom"],
    ["undefined", undefined],
  ])("%s becomes the generic spec text", (_label, error) => {
    const pub = publicError(error);
    expect(pub).toEqual({ code: "INTERNAL", message: messages.genericFailure });
    expect(pub.message).not.toContain("secret");
  });

  test("the generic text is the spec's", () => {
    expect(messages.genericFailure).toBe(
      "There was an issue processing your request. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.",
    );
  });
});

describe("appCodeForTrpc", () => {
  test("maps tRPC codes back to app codes", () => {
    expect(appCodeForTrpc("BAD_REQUEST")).toBe("BAD_REQUEST");
    expect(appCodeForTrpc("FORBIDDEN")).toBe("FORBIDDEN");
    expect(appCodeForTrpc("NOT_FOUND")).toBe("NOT_FOUND");
    expect(appCodeForTrpc("TOO_MANY_REQUESTS")).toBe("TOO_MANY_REQUESTS");
    expect(appCodeForTrpc("INTERNAL_SERVER_ERROR")).toBe("INTERNAL");
    expect(appCodeForTrpc("PARSE_ERROR")).toBe("BAD_REQUEST");
  });
});

describe("fieldMessage", () => {
  test("fills the label", () => {
    expect(fieldMessage("{label} cannot be empty.", "First name")).toBe("First name cannot be empty.");
  });
});

describe("zod texts for people (src/domain/zod-config.ts)", () => {
  test("missing values, numbers that are not, and wrong kinds", async () => {
    const { z } = await import("zod");
    const schema = z.object({ id: z.coerce.number().int(), name: z.string(), tags: z.array(z.string()) });
    const issues = schema.safeParse({ id: "abc", tags: "x" }).error!.issues;
    expect(issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["id", "Please enter a number."],
      ["name", "This field is required."],
      ["tags", "Invalid input: this value has the wrong type."],
    ]);
    // A schema's own message (the spec's texts) wins.
    expect(z.string({ message: "Policy name required." }).safeParse(undefined).error!.issues[0]!.message).toBe("Policy name required.");
  });
});
