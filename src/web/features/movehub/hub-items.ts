/** The move hub's task being edited (one at a time, part 1 §4) and the drag keys of tasks and sections (dnd-kit ids). */

export type Draft = { id: number | "NEW"; section: number; title: string; ddText: string; dueDate: string; original: { title: string; ddText: string; dueDate: string } };

export const itemKey = (id: number) => `item:${id}`;
export const sectionKey = (section: number) => `section:${section}`;
export const idOfKey = (key: string) => (key.startsWith("item:") ? Number(key.slice(5)) : null);

export function isDirty(d: Draft | null): boolean {
  if (!d) return false;
  return d.id === "NEW" || d.title !== d.original.title || d.ddText !== d.original.ddText || d.dueDate !== d.original.dueDate;
}
