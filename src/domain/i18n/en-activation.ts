/** English UI and e-mail texts of the activation screens (merged into en.ts). */
export const enActivation = {} as const satisfies Record<string, string>;
