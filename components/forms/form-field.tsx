import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type Props = React.ComponentProps<typeof Input> & { label: string; name: string; errors?: string[]; hint?: string };

/** A labelled input with its hint and the server's validation messages, wired for screen readers. */
export function FormField({ label, errors, hint, id, ...input }: Props) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = errors?.length ? `${fieldId}-errors` : hint ? `${fieldId}-hint` : undefined;
  return (
    <div className="space-y-2">
      <Label htmlFor={fieldId}>{label}</Label>
      <Input id={fieldId} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy} required {...input} />
      {errors?.length ? (
        <p id={`${fieldId}-errors`} className="text-sm text-destructive">
          {errors.join(" ")}
        </p>
      ) : hint ? (
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
