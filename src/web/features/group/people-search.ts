import type { Role } from "../../../domain/roles.ts";
import type { MovesSearch } from "./moves-section.tsx";

/** The group home's URL state: the people table's page, search and role, and the moves section's. */
export type PeopleSearch = { page?: number; q?: string; role?: Role } & MovesSearch;
export type SearchUpdate = (next: PeopleSearch, options?: { replace?: boolean }) => void;
