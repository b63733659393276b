import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { OrganizationCreate } from "@parley/shared/organizations";

type Field = "name" | "website" | "contact_email" | "contact_phone" | "address";
const FIELDS: { name: Field; label: string; multiline?: boolean }[] = [
  { name: "name", label: "Organization Name *" },
  { name: "website", label: "Website" },
  { name: "contact_email", label: "Contact Email" },
  { name: "contact_phone", label: "Contact Phone" },
  { name: "address", label: "Address", multiline: true },
];
const EMPTY: Record<Field, string> = { name: "", website: "", contact_email: "", contact_phone: "", address: "" };

/** The 'Add Organization' form, validated with the server's schema; a field's error clears when edited. */
export function OrganizationForm(props: {
  busy: boolean;
  serverErrors: Partial<Record<string, string>>;
  onCancel(): void;
  onSubmit(v: Record<Field, string>): void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const shown = { ...props.serverErrors, ...errors };

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = OrganizationCreate.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<string, string>> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      return setErrors(next);
    }
    props.onSubmit(values);
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              value={values[f.name]}
              multiline={f.multiline}
              minRows={f.multiline ? 3 : undefined}
              error={Boolean(shown[f.name])}
              helperText={shown[f.name] ?? " "}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.name]: e.target.value }));
                setErrors((er) => ({ ...er, [f.name]: undefined }));
              }}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={props.busy}>
          Create Organization
        </Button>
      </DialogActions>
    </form>
  );
}
