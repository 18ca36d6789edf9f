/**
 * What reference data a database already holds, so a start-up does not re-read or re-check it.
 *
 * Each reference data set the server writes at start-up (geography and currencies, the UI texts,
 * the policy catalogue, the demo data) has a version: a content hash of the data shipped in this
 * release, or the version of the package it comes from. After a set is written its version is
 * stored in `reference_data_versions`; a start reads that small table once and seeds only the sets
 * whose version differs, so a new release with changed reference data still updates it, and an
 * unchanged database costs one query.
 */
import type { DB } from "./index.ts";

export type ReferenceSet = "geography" | "translations" | "policy-catalogue" | "report-catalogue" | "demo" | "demo-finance" | "demo-files";

/** A short, stable content hash of JSON-serialisable data (the same data gives the same version in every process). */
export function contentVersion(...parts: unknown[]): string {
  return new Bun.CryptoHasher("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

/** Every stored version, by set name (one read of a table of a few rows). */
export async function readReferenceVersions(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom("reference_data_versions").select(["name", "version"]).execute();
  return new Map(rows.map((r) => [r.name, r.version]));
}

/** Records that `name` now holds `version` (insert or update). */
export async function writeReferenceVersion(db: DB, name: ReferenceSet, version: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("reference_data_versions")
    .values({ name, version, updated_at: at })
    .onConflict((oc) => oc.column("name").doUpdateSet({ version, updated_at: at }))
    .execute();
}
