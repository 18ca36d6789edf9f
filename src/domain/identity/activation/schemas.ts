import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZEmail } from "../auth/email.ts";
import { passwordMismatch, passwordRules } from "../auth/password.ts";
import { activationMessages } from "./messages.ts";
import { activationPathTypes, invitableRoles, parseMoveDate } from "./rules.ts";

/** Contracts of activation, invitations, terms and the outbox, shared by procedures, legacy routes and forms. */

export const ZActivationPathType = z.enum(activationPathTypes);

/** Same shape as trpc.ts ZGroupInput (kept here so the client bundle does not import the server). */
const ZGroupInput = z.object({ group: z.string().trim().min(1).max(64) });

const ZCode = z.string().trim().min(1).max(100);

// ── Activation form ─────────────────────────────────────────────────────────────────────────

export const ZActivationFormRequest = z.object({ type: ZActivationPathType, ac: ZCode });
export type TActivationFormRequest = z.infer<typeof ZActivationFormRequest>;

export const ZActivationFormResponse = z.object({
  activationCode: z.string(),
  group: z.string().nullable(),
  groupDisplayName: z.string().nullable(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  /** dd/MM/yyyy or null. */
  moveDate: z.string().nullable(),
  requireTNC: z.boolean(),
  userType: z.enum(["employee", "manager", "admin", "supplier"]),
  allowSocialLogin: z.boolean(),
  loginType: z.enum(["all", "direct", "social"]),
});
export type TActivationFormResponse = z.infer<typeof ZActivationFormResponse>;

// ── POST /{type}/activate ───────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().max(max).optional();

/** The raw form as posted (strings, or booleans from JSON); the service checks it with ZActivateRequest. */
export const ZActivateFields = z.object({
  ac: text(200),
  directSignup: z.union([z.string().max(10), z.boolean()]).optional(),
  group: text(64),
  email: text(254),
  firstName: text(200),
  lastName: text(200),
  moveDate: text(20),
  password: text(200),
  confirmPassword: text(200),
  acceptTerms: z.union([z.string().max(10), z.boolean()]).optional(),
});
export type TActivateFields = z.infer<typeof ZActivateFields>;

export const ZActivateRequest = z
  .object({
    ac: z.string().trim().min(1, activationMessages.signupFailed).max(100),
    directSignup: z.union([z.string(), z.boolean()]).optional(),
    group: z.string().trim().max(64).optional(),
    email: z.string().trim().max(254).optional(),
    firstName: z.string().trim().min(1, activationMessages.firstNameRequired).max(100),
    lastName: z.string().trim().min(1, activationMessages.lastNameRequired).max(100),
    moveDate: z
      .string()
      .trim()
      .max(20)
      .optional()
      .refine((v) => !v || parseMoveDate(v) !== null, activationMessages.moveDateFormat),
    password: z.string().max(200),
    confirmPassword: z.string().max(200).optional(),
    acceptTerms: z.union([z.string(), z.boolean()]).optional(),
  })
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(value.password)) ctx.addIssue({ code: "custom", path: ["password"], message: rule.label });
    }
    if (value.confirmPassword !== undefined && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordMismatch });
    }
  });
export type TActivateRequest = z.infer<typeof ZActivateRequest>;

export const ZActivateResponse = z.object({
  success: z.boolean(),
  baseUrl: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  redirect: z.boolean(),
  errors: z.record(z.string(), z.string()).nullable(),
  message: z.string().nullable(),
});
export type TActivateResponse = z.infer<typeof ZActivateResponse>;

// ── Terms and conditions: the terms form's contracts live in terms-form.ts ─────────────────

export { ZAcceptTermsRequest, ZAcceptTermsResponse, ZTermsResponse } from "./terms-form.ts";
export type { TAcceptTermsRequest, TAcceptTermsResponse, TTermsResponse } from "./terms-form.ts";

// ── Invitations ─────────────────────────────────────────────────────────────────────────────

export const ZInviteRequest = ZGroupInput.extend({
  email: ZEmail,
  firstName: z.string().trim().min(1, activationMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, activationMessages.lastNameRequired).max(100),
  role: z.enum(invitableRoles),
});
export type TInviteRequest = z.input<typeof ZInviteRequest>;

export const ZInviteResponse = z.object({ success: z.boolean(), userId: z.number().int(), resent: z.boolean() });
export type TInviteResponse = z.infer<typeof ZInviteResponse>;

export const ZSendActivationRequest = ZGroupInput.extend({ userId: ZId });
export const ZSendActivationResponse = z.object({ success: z.boolean(), activationSent: z.boolean() });

// ── Outbox ──────────────────────────────────────────────────────────────────────────────────

export const OUTBOX_PAGE_SIZE = 25;

export const ZOutboxRequest = z.object({
  page: z.number().int().min(0).max(100_000).default(0),
  search: z.string().trim().max(100).optional(),
});
export type TOutboxRequest = z.input<typeof ZOutboxRequest>;

export const ZOutboxRow = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  transport: z.enum(["outbox", "smtp"]),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  link: z.string().nullable(),
  cc: z.string().nullable(),
  /** Names, types and sizes of the files sent with the message. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type TOutboxRow = z.infer<typeof ZOutboxRow>;

export const ZOutboxResponse = z.object({
  rows: z.array(ZOutboxRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TOutboxResponse = z.infer<typeof ZOutboxResponse>;

export const ZOutboxMessageRequest = z.object({ id: ZId });
export const ZOutboxMessage = ZOutboxRow.extend({ html: z.string(), text: z.string() });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
