// Loaded before every `bun test` file (bunfig.toml): quiet request logs.
process.env.LOG_REQUESTS ??= "0";
