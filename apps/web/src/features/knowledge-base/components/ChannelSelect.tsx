import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import type { Channel } from "../kb-form.ts";

const OPTIONS = [
  { value: "voice", label: "Voice", disabled: false },
  { value: "email", label: "Email (coming soon)", disabled: true },
  { value: "whatsapp", label: "WhatsApp (coming soon)", disabled: true },
] as const;

type Props = { value: Channel; onChange(value: Channel): void; label: string; placeholder?: string; minWidth?: number };

/** Communication channel: only Voice can be chosen; Email and WhatsApp are announced for later. */
export function ChannelSelect({ value, onChange, label, placeholder, minWidth = 240 }: Props) {
  const id = label.toLowerCase().replace(/\W+/g, "-");
  return (
    <FormControl sx={{ minWidth }} size="small">
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={value}
        displayEmpty
        notched
        onChange={(e) => onChange(e.target.value as Channel)}
        renderValue={(v) =>
          v ? OPTIONS.find((o) => o.value === v)?.label : <span style={{ opacity: 0.6 }}>{placeholder}</span>
        }
      >
        {OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
