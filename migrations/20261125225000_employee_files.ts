// Employee files (part 1 §2 file upload area and HR employee files page, §3 File, §5 upload rules,
// §7 files calls; part 2 §6 share targets MG and HR, §7 employee file calls). The bytes live in the
// file store (FILES_DIR or S3) under their SHA-256; a row here is one upload: the same bytes sent by
// two people (or twice) are one blob and two rows, each with its own owner, category, notes and
// share permissions. A row made during initiation carries temp_uuid (empTempFileUUID) and no
// employee until createNewEmployee attaches it to the new employee and move in its transaction.
// file_categories is reference data (id, label), the same for every group.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

const CATEGORIES = [
  [1, "Passport and identity"],
  [2, "Visa and immigration"],
  [3, "Employment contract"],
  [4, "Assignment letter"],
  [5, "Housing and lease"],
  [6, "Receipts and invoices"],
  [7, "Tax documents"],
  [8, "Medical and insurance"],
  [9, "Education and family"],
  [10, "Other"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("file_categories")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto("file_categories")
    .values(CATEGORIES.map(([id, label]) => ({ id, label, sort_order: id })))
    .execute();

  await db.schema
    .createTable("employee_files")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    /** The employee the file belongs to; null only while a temporary upload waits for its move (temp_uuid). */
    .addColumn("employee_user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.references("moves.id").onDelete("set null"))
    /** empTempFileUUID of an upload made during initiation; cleared when the move is created. */
    .addColumn("temp_uuid", "text")
    /** SHA-256 of the bytes, lower-case hex: the blob's key in the store. */
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    /** Sniffed from the bytes (never the client's claim). */
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.references("file_categories.id"))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    /** Shared with MG (the provider) and with HR: 0/1. */
    .addColumn("share_mg", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("share_hr", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    /** The uploader's role when uploading (EMPLOYEE: the owner's own file; HR or ADMIN: staff's). */
    .addColumn("uploaded_by_role", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("employee_files_employee_idx").on("employee_files").columns(["employee_user_id", "id"]).execute();
  await db.schema.createIndex("employee_files_group_idx").on("employee_files").columns(["group_id", "id"]).execute();
  await db.schema.createIndex("employee_files_hash_idx").on("employee_files").column("hash").execute();
  await db.schema.createIndex("employee_files_temp_idx").on("employee_files").column("temp_uuid").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("employee_files").execute();
  await db.schema.dropTable("file_categories").execute();
}
