/**
 * Routes of the sso feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
export const ssoRoutes = { public: [], app: [] } as const;
