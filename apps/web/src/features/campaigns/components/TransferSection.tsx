import TextField from "@mui/material/TextField";
import { normalizeTransferTarget, TRANSFER_TO_MESSAGE } from "@parley/shared/call-transfer";
import { FormSection } from "./FormSection.tsx";

type Props = { value: string; onChange(transferTo: string): void; readOnly?: boolean };

/**
 * "Transfer to" (voice campaigns): the number or SIP address a caller who asks for a person is put through to.
 * The agent rings it, tells the person who is calling and why, then joins them; empty means the agent offers a
 * callback instead. Checked as typed with the server's own rule, so the message is the one the API would give.
 */
export function TransferSection({ value, onChange, readOnly = false }: Props) {
  const invalid = value.trim() !== "" && normalizeTransferTarget(value) === null;
  return (
    <FormSection title="Transfer to a Person" subtitle="Where the agent puts a caller through when they ask for a real person">
      <TextField
        fullWidth
        label="Transfer to"
        placeholder="+15550102000 or sip:sales@pbx.example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={invalid}
        helperText={
          invalid
            ? TRANSFER_TO_MESSAGE
            : "A phone number (international format) or a SIP address. The agent tells the person who is calling and why before connecting them; if nobody answers within 25 seconds it offers the caller a callback. Leave empty to always offer a callback."
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly, "data-testid": "transfer-to", inputMode: "tel" } }}
      />
    </FormSection>
  );
}
