import { z } from "zod";

/**
 * Zod's own texts for wrong types ("Invalid input: expected number, received NaN") are for
 * developers. Every boundary answers people instead: a missing value, a number that is not one,
 * or a value of the wrong kind. Schemas with their own messages (the spec's texts) keep them.
 * Imported once by src/domain/errors.ts, so both transports and the web client share it.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== "invalid_type") return undefined;
    if (issue.input === undefined || issue.input === null) return "This field is required.";
    if (issue.expected === "number" || issue.expected === "int" || issue.expected === "bigint") return "Please enter a number.";
    if (issue.expected === "date") return "Please enter a valid date.";
    return "Invalid input: this value has the wrong type.";
  },
});
