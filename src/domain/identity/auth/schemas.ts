import { z } from "zod";
import { ZEmail } from "./email.ts";
import { ZRole } from "../../roles.ts";

/** Contracts of the auth area, shared by tRPC procedures, legacy routes and the React forms. */

export const ZCheckUserRequest = z.object({ userEmail: ZEmail });
export type TCheckUserRequest = z.infer<typeof ZCheckUserRequest>;
export const ZCheckUserResponse = z.object({
  success: z.boolean(),
  isSsoUser: z.boolean(),
  ssoUrl: z.string().nullable(),
  /** Social login (part 2 §3 activation form's allowSocialLogin / loginType: all, direct, social; issue 23 item 18). */
  allowSocialLogin: z.boolean(),
  loginType: z.enum(["all", "direct", "social"]),
  /** The providers this person may sign in with (button text "Continue with {name}"). */
  socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TCheckUserResponse = z.infer<typeof ZCheckUserResponse>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, "Please enter your password.").max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({
  success: z.boolean(),
  targetUrl: z.string().nullable(),
  exception: z.string().nullable(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZLogoutResponse = z.object({ success: z.boolean(), redirectUrl: z.string() });

export const ZMeResponse = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: ZRole,
    group: z.object({ id: z.number().int(), name: z.string(), displayName: z.string() }).nullable(),
    termsAccepted: z.boolean(),
    homePath: z.string(),
  })
  .nullable();
export type TMeResponse = z.infer<typeof ZMeResponse>;
