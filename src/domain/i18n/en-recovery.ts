/** English UI and e-mail texts of the recovery screens (merged into en.ts). */
export const enRecovery = {} as const satisfies Record<string, string>;
