import { router } from "../trpc.ts";

/** Placeholder: filled by the identity issue (see docs/spec-coverage.md). */
export const recoveryRouter = router({});
