import { useId, type ReactNode } from "react";
import { cn } from "../../lib/utils.ts";
import { FieldError } from "./input.tsx";
import { Label } from "./label.tsx";

/** The attributes a control needs to be tied to its label, hint and error. Spread them on the control. */
export type FieldControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
};

/**
 * One labelled form field: a visible label, the control, an optional hint and the error text,
 * wired together by id / aria-describedby / aria-invalid. The control comes from a render
 * function so any input works (Input, NativeSelect, Textarea, SelectTrigger, Switch, Checkbox):
 *
 *   <FormField label="Policy name" error={errors.name?.message} required>
 *     {(field) => <Input {...field} {...form.register("name")} />}
 *   </FormField>
 *
 * `layout="inline"` puts the control before the label on one line (switches and checkboxes).
 */
export function FormField({
  id: givenId,
  label,
  hint,
  error,
  required = false,
  layout = "stacked",
  className,
  children,
}: {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  layout?: "stacked" | "inline";
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const autoId = useId();
  const id = givenId ?? `field${autoId.replace(/:/g, "")}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  const control: FieldControlProps = {
    id,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(required ? { "aria-required": true as const } : {}),
  };
  const labelNode = (
    <Label htmlFor={id}>
      {label}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </Label>
  );
  const hintNode = hint ? (
    <p id={hintId} className="text-[13px] text-muted-foreground">
      {hint}
    </p>
  ) : null;
  const errorNode = <FieldError id={errorId}>{error ?? undefined}</FieldError>;

  if (layout === "inline") {
    return (
      <div className={cn("flex flex-col gap-1.5", className)}>
        <div className="flex items-center gap-3">
          {children(control)}
          {labelNode}
        </div>
        {hintNode}
        {errorNode}
      </div>
    );
  }
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {labelNode}
      {children(control)}
      {hintNode}
      {errorNode}
    </div>
  );
}
