/** English UI texts of the policy screens (merged into en.ts). */
export const enPolicy = {} as const;
