/** The charts pages (issue 26), registered in src/web/router.tsx. */
export const chartsRoutes = { public: [], app: [] };
