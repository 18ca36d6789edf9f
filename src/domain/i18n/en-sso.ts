/** English UI and e-mail texts of the sso screens (merged into en.ts). */
export const enSso = {} as const satisfies Record<string, string>;
