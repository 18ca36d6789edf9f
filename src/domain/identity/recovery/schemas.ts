import { z } from "zod";
import { intFromText } from "../../numbers.ts";
import { isValidEmail, normalizeEmail } from "../auth/email.ts";
import { passwordMismatch, passwordRules } from "../auth/password.ts";
import { recoveryMessages } from "./messages.ts";
import { parseUserId, TIMEZONE_OFFSET_MAX, TIMEZONE_OFFSET_MIN } from "./rules.ts";

/**
 * Contracts of account recovery, sessions and the admin account tools, shared by the tRPC
 * procedures, the legacy routes and the React forms.
 */

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .refine((v) => isValidEmail(v), { message })
    .transform(normalizeEmail);

// ── POST /user/account-recovery ─────────────────────────────────────────────────────────────
export const ZRecoveryRequest = z.object({ email: email(recoveryMessages.invalidEmailAddress) });
export type TRecoveryRequest = z.infer<typeof ZRecoveryRequest>;
export const ZRecoveryResponse = z.object({ success: z.boolean(), message: z.string().nullable(), error: z.string().nullable() });
export type TRecoveryResponse = z.infer<typeof ZRecoveryResponse>;

// ── POST /user/set-new-password ─────────────────────────────────────────────────────────────
/** A new password (each broken rule on `password`), its confirmation, and the token of the link. */
export const ZSetPasswordRequest = z
  .object({
    token: z.string({ error: recoveryMessages.linkInvalid }).trim().min(1, recoveryMessages.linkInvalid).max(200, recoveryMessages.linkInvalid),
    password: z.string().max(200),
    confirmPassword: z.string().max(200),
  })
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(value.password)) ctx.addIssue({ code: "custom", path: ["password"], message: rule.label });
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordMismatch });
    }
  });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;
export const ZSetPasswordResponse = z.object({ success: z.boolean(), redirectUrl: z.string().nullable(), error: z.string().nullable() });
export type TSetPasswordResponse = z.infer<typeof ZSetPasswordResponse>;

// ── POST /registerClientInfo ────────────────────────────────────────────────────────────────
/** Form fields arrive as text: a non-empty string is read as a number. */
const numberFromText = intFromText;
export const ZRegisterClientInfoRequest = z.object({
  timezoneOffset: z.preprocess(
    numberFromText,
    z
      .number({ error: recoveryMessages.timezoneOffset })
      .int(recoveryMessages.timezoneOffset)
      .min(TIMEZONE_OFFSET_MIN, recoveryMessages.timezoneOffset)
      .max(TIMEZONE_OFFSET_MAX, recoveryMessages.timezoneOffset),
  ),
});
export type TRegisterClientInfoRequest = z.infer<typeof ZRegisterClientInfoRequest>;
export const ZRegisterClientInfoResponse = z.object({ success: z.boolean(), timezoneOffset: z.number().int() });

// ── GET /admin/resetPassword/find/{email}/ ──────────────────────────────────────────────────
export const ZFindResetLinkRequest = z.object({ email: email(recoveryMessages.adminInvalidEmail) });
export type TFindResetLinkRequest = z.infer<typeof ZFindResetLinkRequest>;
export const ZFindResetLinkResponse = z.object({ link: z.string() });

// ── POST /admin/anonymizeUser/ ──────────────────────────────────────────────────────────────
export const ZAnonymizeRequest = z.object({
  userId: z
    .union([z.string(), z.number()], { error: recoveryMessages.enterUserId })
    .transform((v, ctx) => {
      const id = parseUserId(v);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: recoveryMessages.enterUserId });
        return z.NEVER;
      }
      return id;
    }),
});
export type TAnonymizeRequest = z.infer<typeof ZAnonymizeRequest>;
export const ZAnonymizeResponse = z.object({ success: z.boolean(), resultMessage: z.string() });

// ── GET /admin/SSO/disable/{userId}/ ────────────────────────────────────────────────────────
/** Any id is accepted here: an invalid or unknown one answers false (part 2 §7). */
/** Admin tools find a person by name or e-mail before acting on their user id. */
export const ZFindUsersRequest = z.object({ search: z.string().trim().min(1).max(100) });
export const ZFoundUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  activationState: z.string(),
  groupName: z.string().nullable(),
});
export type TFoundUser = z.infer<typeof ZFoundUser>;
export const ZFindUsersResponse = z.object({ users: z.array(ZFoundUser), more: z.boolean() });
export type TFindUsersResponse = z.infer<typeof ZFindUsersResponse>;

export const ZDisableSsoRequest = z.object({ userId: z.union([z.string().max(40), z.number()]) });
export const ZDisableSsoResponse = z.boolean();
