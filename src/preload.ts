// Loaded before `bun run` and `bun test` run anything (bunfig.toml `preload`): load-time plugins.
import { fastSpreadPlugin } from "./server/fast-spread.ts";

Bun.plugin(fastSpreadPlugin);
