/**
 * Routes of the recovery feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
export const recoveryRoutes = { public: [], app: [] } as const;
