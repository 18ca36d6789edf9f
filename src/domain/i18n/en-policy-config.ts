/** English UI texts of the policy details, popup editor, group setup and spend-category screens (merged into en.ts). */
export const enPolicyConfig = {} as const;
