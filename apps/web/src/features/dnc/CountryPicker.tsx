import { useMemo } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { countryHint, countryOptions } from "./country-names.ts";

type Props = { value: string; onChange(code: string): void; error?: string };

/** The country a number written without +country code is read in; starts on the organisation's. */
export function CountryPicker({ value, onChange, error }: Props) {
  const options = useMemo(() => countryOptions(), []);
  const selected = options.find((o) => o.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, o) => onChange(o?.code ?? "")}
      getOptionLabel={(o) => `${o.name} (${o.code})`}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Country (for numbers without +)"
          error={Boolean(error)}
          helperText={error ?? countryHint(value, options)}
        />
      )}
    />
  );
}
