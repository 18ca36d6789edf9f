// SKELETON (lead): the form-builder UI helper replaces this file.
export function FormBuilderPage(_props: { group: string | undefined; onGroupChange: (group: string | undefined) => void }) {
  return null;
}
