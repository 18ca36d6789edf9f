/**
 * A group's builder fields (part 2 §3 "Field override: id, enabled, editableName"): every subject's allow-listed
 * field with the group's override (no row = enabled, the default title). The fields-edit page, the builder's field
 * list, the save check (a disabled field cannot be added) and a run's default titles read it.
 */
import type { DB } from "../../db/index.ts";
import { fieldOverridesOfGroup } from "../../db/queries/reporting/builder.ts";
import { fieldId, subjectList, type SubjectField, type SubjectKey } from "../../domain/reporting/subjects.ts";
import type { TStandardFieldsResponse } from "../../domain/reporting/builder-schemas.ts";

export type GroupFieldTitles = { disabled: Set<string>; titleOf: (subject: SubjectKey, f: SubjectField) => string };

export async function fieldTitles(db: DB, groupId: number): Promise<GroupFieldTitles> {
  const rows = await fieldOverridesOfGroup(db, groupId);
  const byId = new Map(rows.map((r) => [r.field_id, r]));
  return {
    disabled: new Set(rows.filter((r) => r.enabled !== 1).map((r) => r.field_id)),
    titleOf: (subject, f) => byId.get(fieldId(subject, f.key))?.editable_name || f.title,
  };
}

export async function standardFields(db: DB, groupId: number): Promise<TStandardFieldsResponse> {
  const rows = await fieldOverridesOfGroup(db, groupId);
  const byId = new Map(rows.map((r) => [r.field_id, r]));
  const subjects = subjectList();
  return {
    subjects: subjects.map((s) => ({ key: s.key, title: s.title })),
    fields: subjects.flatMap((s) =>
      s.fields.map((f) => {
        const id = fieldId(s.key, f.key);
        const o = byId.get(id);
        return {
          id,
          subject: s.key,
          kind: f.kind,
          defaultTitle: f.title,
          enabled: o ? o.enabled === 1 : true,
          editableName: o?.editable_name || f.title,
          operators: [...f.operators],
          groupable: f.groupable,
          summable: f.summable,
        };
      }),
    ),
  };
}
