/**
 * The Hono app's dependencies and environment, shared by the server (app.ts) and every room's
 * documented paths (src/routers/<room>/legacy): a module that imports neither, so no import circle.
 */
import type { Config } from "../config.ts";
import type { DB } from "../db/types.ts";
import type { Session } from "../services/identity/auth.ts";
import type { AssetSource } from "./assets.ts";

export type AppDeps = { db: DB; config: Config; assets?: AssetSource };
export type AppEnv = { Bindings: { ip?: string; trustProxy?: boolean }; Variables: { session: Session | null } };
