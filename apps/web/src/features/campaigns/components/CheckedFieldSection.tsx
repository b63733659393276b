import TextField from "@mui/material/TextField";
import { FormSection } from "./FormSection.tsx";

/** What the setup form passes to a one-field section. */
export type FieldSectionProps = { value: string; onChange(value: string): void; readOnly?: boolean };

type Props = FieldSectionProps & {
  title: string;
  subtitle: string;
  label: string;
  placeholder: string;
  required?: boolean;
  /** The server's own rule (a shared normaliser): null means the value is refused. */
  check(raw: string): string | null;
  /** The server's message for a refused value, shown as it is typed. */
  message: string;
  /** The help below the field while the value is blank or good. */
  hint: string;
  testId: string;
};

/** One phone-like text field in its own block of the setup form, checked as typed with the server's rule. */
export function CheckedFieldSection({
  value,
  onChange,
  readOnly = false,
  title,
  subtitle,
  label,
  placeholder,
  required = false,
  check,
  message,
  hint,
  testId,
}: Props) {
  const invalid = value.trim() !== "" && check(value) === null;
  return (
    <FormSection title={title} subtitle={subtitle}>
      <TextField
        fullWidth
        required={required}
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={invalid}
        helperText={invalid ? message : hint}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly, "data-testid": testId, inputMode: "tel" } }}
      />
    </FormSection>
  );
}
