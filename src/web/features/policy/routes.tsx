/** Routes of the policy feature (filled by the policy issue); router.tsx composes them. */
export const policyRoutes = { public: [], app: [] } as const;
