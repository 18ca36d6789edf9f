/**
 * The form builder's working copy (part 2 §2 "Form builder", §4): the added sections with their
 * fields in order, the available sections and the available fields. Pure functions: every move
 * (drag or button) goes through them, so the rules of part 2 §4 line 153 live in one place.
 */
import type { TFormField, TFormSection, TGroupFormResponse, TSubmitFormRequest } from "../../../domain/policy/forms/schemas.ts";

/** A section on the page: `uid` tells sections apart while new ones have no id yet. */
export type BuilderSection = { uid: string; id: number | null; name: string; fields: TFormField[] };
export type BuilderState = { sections: BuilderSection[]; availableSections: BuilderSection[]; availableFields: TFormField[] };

/** Drop containers of the drag and drop board. */
export const AVAILABLE_FIELDS = "available-fields";
export const AVAILABLE_SECTIONS = "available-sections";
export const ADDED_SECTIONS = "added-sections";
/** The field container of a section. */
export const sectionFieldsId = (uid: string) => `fields:${uid}`;
export const fieldDndId = (key: string) => `field:${key}`;
export const sectionDndId = (uid: string) => `section:${uid}`;
export const fieldKeyOf = (dndId: string) => (dndId.startsWith("field:") ? dndId.slice(6) : null);
export const sectionUidOf = (dndId: string) => (dndId.startsWith("section:") ? dndId.slice(8) : dndId.startsWith("fields:") ? dndId.slice(7) : null);

let newSectionCounter = 0;
const newSectionUid = () => `new${++newSectionCounter}`;

const toSection = (s: TFormSection): BuilderSection => ({ uid: s.id === null ? newSectionUid() : `s${s.id}`, id: s.id, name: s.name, fields: s.fields });

export function fromResponse(r: Pick<TGroupFormResponse, "sections" | "availableSections" | "availableFields">): BuilderState {
  return { sections: r.sections.map(toSection), availableSections: r.availableSections.map(toSection), availableFields: r.availableFields };
}

const plain = (s: BuilderSection): TFormSection => ({ id: s.id, name: s.name, fields: s.fields });

/** The formBuilder/submitForm request of a working copy. */
export function toRequest(groupName: string, state: BuilderState): TSubmitFormRequest {
  return { groupName, sections: state.sections.map(plain), availableSections: state.availableSections.map((s) => ({ ...plain(s), fields: [] })) };
}

/** Where a field is: AVAILABLE_FIELDS or a section's uid, and its position there. */
export function locateField(state: BuilderState, key: string): { container: string; index: number; field: TFormField } | null {
  const i = state.availableFields.findIndex((f) => f.key === key);
  if (i >= 0) return { container: AVAILABLE_FIELDS, index: i, field: state.availableFields[i]! };
  for (const s of state.sections) {
    const j = s.fields.findIndex((f) => f.key === key);
    if (j >= 0) return { container: s.uid, index: j, field: s.fields[j]! };
  }
  return null;
}

export function fieldsOf(state: BuilderState, container: string): TFormField[] | null {
  if (container === AVAILABLE_FIELDS) return state.availableFields;
  return state.sections.find((s) => s.uid === container)?.fields ?? null;
}

function withFields(state: BuilderState, container: string, fields: TFormField[]): BuilderState {
  if (container === AVAILABLE_FIELDS) return { ...state, availableFields: fields };
  return { ...state, sections: state.sections.map((s) => (s.uid === container ? { ...s, fields } : s)) };
}

/** Whether a field may go to the available list (part 2 §5 "Field removal depends on canBeDeleted"). */
const canLeaveForm = (field: TFormField) => field.canBeDeleted;

/**
 * Moves a field to `container` (AVAILABLE_FIELDS or a section uid) at `index` (clamped). A field
 * that cannot be deleted never goes to the available list: the state comes back unchanged.
 */
export function moveField(state: BuilderState, key: string, container: string, index: number): BuilderState {
  const from = locateField(state, key);
  const target = fieldsOf(state, container);
  if (!from || !target) return state;
  if (container === AVAILABLE_FIELDS && from.container !== AVAILABLE_FIELDS && !canLeaveForm(from.field)) return state;
  const source = fieldsOf(state, from.container)!.filter((f) => f.key !== key);
  let next = withFields(state, from.container, source);
  const into = from.container === container ? source : fieldsOf(next, container)!;
  const at = Math.max(0, Math.min(index, into.length));
  const placed = [...into.slice(0, at), from.field, ...into.slice(at)];
  next = withFields(next, container, placed);
  return next;
}

/** The first field that keeps a section on the form (cannot be deleted), or null. */
export const sectionBlocker = (section: BuilderSection) => section.fields.find((f) => !canLeaveForm(f)) ?? null;

/**
 * Moves a section to the added list or the available list at `index`. Removing a section from
 * the form returns its fields to the available list (part 2 §4); a section holding a field that
 * cannot be deleted stays.
 */
export function moveSection(state: BuilderState, uid: string, to: "added" | "available", index: number): BuilderState {
  const inAdded = state.sections.findIndex((s) => s.uid === uid);
  const inAvailable = state.availableSections.findIndex((s) => s.uid === uid);
  const section = inAdded >= 0 ? state.sections[inAdded]! : inAvailable >= 0 ? state.availableSections[inAvailable]! : null;
  if (!section) return state;
  const clamp = (list: unknown[]) => Math.max(0, Math.min(index, list.length));
  if (to === "added") {
    const rest = state.sections.filter((s) => s.uid !== uid);
    const at = clamp(rest);
    return {
      ...state,
      sections: [...rest.slice(0, at), section, ...rest.slice(at)],
      availableSections: state.availableSections.filter((s) => s.uid !== uid),
    };
  }
  if (inAdded >= 0 && sectionBlocker(section)) return state;
  const rest = state.availableSections.filter((s) => s.uid !== uid);
  const at = clamp(rest);
  return {
    sections: state.sections.filter((s) => s.uid !== uid),
    availableSections: [...rest.slice(0, at), { ...section, fields: [] }, ...rest.slice(at)],
    availableFields: [...state.availableFields, ...section.fields],
  };
}

/** Adds a new, empty section at the end of the form. */
export function addSection(state: BuilderState, name: string, uid = newSectionUid()): BuilderState {
  return { ...state, sections: [...state.sections, { uid, id: null, name: name.trim(), fields: [] }] };
}

/** Replaces a field (same key) wherever it is. */
export function replaceField(state: BuilderState, field: TFormField): BuilderState {
  const loc = locateField(state, field.key);
  if (!loc) return state;
  const list = [...fieldsOf(state, loc.container)!];
  list[loc.index] = field;
  return withFields(state, loc.container, list);
}

/** Every model name in the working copy (a new field's model name must be unused). */
export function modelNamesOf(state: BuilderState): string[] {
  return [...state.availableFields, ...state.sections.flatMap((s) => s.fields)].map((f) => f.modelName);
}

/**
 * Why Save is disabled (part 2 §4 line 153: at least one section, every section a field), or
 * null when it may be pressed.
 */
export function saveBlocker(state: BuilderState): { reason: "noSections" } | { reason: "emptySection"; section: string } | null {
  if (state.sections.length === 0) return { reason: "noSections" };
  const empty = state.sections.find((s) => s.fields.length === 0);
  return empty ? { reason: "emptySection", section: empty.name } : null;
}
