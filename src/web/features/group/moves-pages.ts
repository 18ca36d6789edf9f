/** The page list of the moves table: shared with the manager dashboard (src/domain/pagination.ts). */
export { pageItems } from "../../../domain/pagination.ts";
