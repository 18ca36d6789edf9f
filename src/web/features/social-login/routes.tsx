/**
 * Route of the sign-in methods page: `/user/sign-in-methods` (employees and suppliers; src/server/pages.ts
 * answers the page load). The provider's callback comes back here with `linked` or `socialError`.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { appRoute, RoleGate, withPages } from "../../route-base.tsx";
import { socialLoginTexts } from "./texts.ts";

const SignInMethodsPage = lazyRouteComponent(() => import("./sign-in-methods-page.tsx"), "SignInMethodsPage");

const signInMethodsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/user/sign-in-methods",
  validateSearch: z.object({
    linked: z.string().max(40).optional().catch(undefined),
    socialError: z.string().max(40).optional().catch(undefined),
  }),
  component: withPages(function SignInMethodsRoute() {
    const { t } = useTranslation();
    const { linked, socialError } = signInMethodsRoute.useSearch();
    useDocumentTitle(t("socialLogin.title", "Sign-in methods"));
    return (
      <RoleGate roles={["EMPLOYEE", "SUPPLIER"]}>
        <SignInMethodsPage linked={linked} socialError={socialError} />
      </RoleGate>
    );
  }, SignInMethodsPage, socialLoginTexts),
});

export const socialLoginRoutes = { public: [], app: [signInMethodsRoute] };
