import TextField from "@mui/material/TextField";
import { INBOUND_NUMBER_MESSAGE, normalizeInboundNumber } from "@parley/shared/inbound-number";
import { FormSection } from "./FormSection.tsx";

type Props = { value: string; onChange(inboundNumber: string): void; readOnly?: boolean };

/**
 * "Inbound number" (inbound campaigns): the number callers dial, or the SIP user a PBX sends calls to. Checked
 * as typed with the server's own rule, so the message is the one the API would give.
 */
export function InboundNumberSection({ value, onChange, readOnly = false }: Props) {
  const invalid = value.trim() !== "" && normalizeInboundNumber(value) === null;
  return (
    <FormSection title="Inbound Number" subtitle="The number callers dial to reach this campaign's agent">
      <TextField
        fullWidth
        required
        label="Inbound number"
        placeholder="+15550100200 or sales"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={invalid}
        helperText={
          invalid
            ? INBOUND_NUMBER_MESSAGE
            : "A phone number in international format (your Twilio number, or the number your SIP trunk sends), or the SIP user your PBX calls. Once the campaign is launched, the agent answers every call to it."
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly, "data-testid": "inbound-number", inputMode: "tel" } }}
      />
    </FormSection>
  );
}
