import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useUnsaved } from "./details-unsaved.tsx";

type SaveOnBlurProps = {
  /** The saved value; the field follows it whenever it changes on the server. */
  value: string;
  /** Called on blur (or Enter in a one-line field) when the text differs from `value`. */
  onSave: (text: string) => void;
  /** Key for the unsaved-changes warning. */
  unsavedKey: string;
  /**
   * False while the record's autosave has saves in flight or waiting: the field then keeps its
   * text; once settled it follows a changed `value`, unless typed into since it was sent.
   */
  settled?: boolean;
  multiline?: boolean;
};

/**
 * A text field that saves when it loses focus, like the rest of the policy screens: the typed text
 * counts as an unsaved change until then.
 */
export function SaveOnBlurText({
  value,
  onSave,
  unsavedKey,
  multiline = false,
  settled = true,
  ...props
}: SaveOnBlurProps & Omit<ComponentProps<"input"> & ComponentProps<"textarea">, "value" | "onChange" | "onBlur" | "defaultValue">) {
  const [text, setText] = useState(value);
  /** The text last sent (or taken from the server) and the server value last taken. */
  const submitted = useRef(value);
  const server = useRef(value);
  useEffect(() => {
    if (!settled || value === server.current) return;
    server.current = value;
    const sent = submitted.current;
    submitted.current = value;
    setText((current) => (current === sent ? value : current));
  }, [value, settled]);
  useUnsaved(unsavedKey, text !== submitted.current || !settled);
  const commit = () => {
    if (text === submitted.current) return;
    submitted.current = text;
    onSave(text);
  };
  if (multiline) {
    return <Textarea {...(props as ComponentProps<"textarea">)} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} />;
  }
  return (
    <Input
      {...(props as ComponentProps<"input">)}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

/**
 * A checkbox whose tick shows at once while its change is saved; it follows the saved value again
 * once `onSave` settles (so a refused change is unticked).
 */
export function SavingCheckbox({
  checked,
  onSave,
  ...props
}: Omit<ComponentProps<typeof Checkbox>, "checked" | "onCheckedChange" | "onChange"> & { checked: boolean; onSave: (checked: boolean) => Promise<unknown> }) {
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  useEffect(() => setOptimistic(null), [checked]);
  return (
    <Checkbox
      {...props}
      checked={optimistic ?? checked}
      onCheckedChange={(v) => {
        const next = v === true;
        setOptimistic(next);
        void onSave(next).finally(() => setOptimistic(null));
      }}
    />
  );
}
