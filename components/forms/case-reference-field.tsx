import { FormField } from "@/components/forms/form-field";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";

type Props = { id: string; value: string; onChange: (value: string) => void; errors?: string[] };

/** The optional case reference of an order, with its one limit as the hint and the server's message when refused. */
export function CaseReferenceField({ id, value, onChange, errors }: Props) {
  return (
    <FormField
      id={id}
      name="caseReference"
      label="Case reference (kept with the request)"
      required={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={`At most ${caseReferenceMax} characters.`}
      errors={errors}
    />
  );
}
