/** The database handle's types, in a module that imports no other db module (index.ts and prepared.ts both use them). */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";
