/**
 * Half-way failures for tests: `failingWrites(db, { table, kind, nth })` is the same database with
 * a Kysely plugin that lets the `nth` write of `kind` on `table` run, then throws as it returns —
 * so the statements before it, and that write itself, have run inside the caller's transaction when
 * the failure comes. A multi-write call given this handle must leave nothing behind (the
 * transaction rolls back); the test counts the rows to prove it. `fired()` says the failure
 * happened (a test whose failure never fired proves nothing).
 *
 *   const broken = failingWrites(t.db, { table: "audit_log", kind: "insert" });
 *   await expect(callerFor(broken.db, email).expenses.submit(input)).rejects.toThrow();
 *   expect(broken.fired()).toBe(true);
 */
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { DB } from "../db/index.ts";

export type WriteKind = "insert" | "update" | "delete";

/** The error the plugin throws (tests may match it). */
export class InjectedFailure extends Error {
  constructor(what: string) {
    super(`injected failure after ${what}`);
    this.name = "InjectedFailure";
  }
}

const KIND_OF: Record<string, WriteKind> = { InsertQueryNode: "insert", UpdateQueryNode: "update", DeleteQueryNode: "delete" };

/** The table a TableNode or an aliased one names. */
function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === "AliasNode") return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === "TableNode") return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return null;
}

/** The kind and table of a write, or null for anything else. */
export function writeOf(node: RootOperationNode): { kind: WriteKind; table: string | null } | null {
  const kind = KIND_OF[node.kind];
  if (!kind) return null;
  const n = node as unknown as { into?: OperationNode; table?: OperationNode; from?: { froms: OperationNode[] } };
  const table = kind === "insert" ? tableName(n.into) : kind === "update" ? tableName(n.table) : tableName(n.from?.froms[0]);
  return { kind, table };
}

export function failingWrites(db: DB, target: { table: string; kind: WriteKind; nth?: number }): { db: DB; fired: () => boolean; seen: () => number } {
  const nth = target.nth ?? 1;
  let seen = 0;
  let fired = false;
  const doomed = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const write = writeOf(args.node);
      if (write && write.kind === target.kind && write.table === target.table) {
        seen++;
        if (seen === nth) doomed.add(args.queryId);
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (doomed.has(args.queryId)) {
        fired = true;
        throw new InjectedFailure(`${target.kind} #${nth} on ${target.table}`);
      }
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), fired: () => fired, seen: () => seen };
}
