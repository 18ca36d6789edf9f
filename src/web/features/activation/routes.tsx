/**
 * Routes of the activation feature: `public` hang on rootRoute (no sign-in), `app` on appRoute
 * (inside the signed-in shell). router.tsx composes them.
 */
export const activationRoutes = { public: [], app: [] } as const;
