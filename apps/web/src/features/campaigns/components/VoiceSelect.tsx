import { useId, useRef, useState } from "react";
import Box from "@mui/material/Box";
import ClickAwayListener from "@mui/material/ClickAwayListener";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Popper from "@mui/material/Popper";
import TextField from "@mui/material/TextField";
import InputAdornment from "@mui/material/InputAdornment";
import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Stop from "@mui/icons-material/Stop";
import { useSinglePreview } from "./useSinglePreview.ts";

export type VoiceOption = { id: string; name: string; description?: string | null; preview_url?: string | null };

const FIRST_SHOWN = 4;

type Props = {
  voices: VoiceOption[];
  value: string;
  onChange(id: string): void;
  loading?: boolean;
  disabled?: boolean;
};

/** Voice dropdown: the first 4 voices, 'Show More (n more)', a preview button per voice; click outside closes. */
export function VoiceSelect({ voices, value, onChange, loading, disabled }: Props) {
  const anchorRef = useRef<HTMLDivElement | null>(null);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const preview = useSinglePreview();
  const selected = voices.find((v) => v.id === value);
  const shown = showAll ? voices : voices.slice(0, FIRST_SHOWN);
  const hidden = voices.length - shown.length;

  const close = () => {
    setOpen(false);
    setShowAll(false);
    preview.stop();
  };
  const pick = (id: string) => {
    onChange(id);
    close();
  };

  return (
    <ClickAwayListener onClickAway={() => open && close()}>
      <Box>
        <TextField
          ref={anchorRef}
          fullWidth
          label="Voice"
          value={selected?.name ?? (loading ? "Loading voices..." : "")}
          placeholder="Select a voice"
          disabled={disabled}
          onClick={() => !disabled && (open ? close() : setOpen(true))}
          slotProps={{
            htmlInput: { readOnly: true, role: "combobox", "aria-expanded": open, "aria-controls": listId },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <ArrowDropDown />
                </InputAdornment>
              ),
              sx: { cursor: "pointer" },
            },
            inputLabel: { shrink: true },
          }}
        />
        <Popper
          open={open}
          anchorEl={anchorRef.current}
          placement="bottom-start"
          sx={{ zIndex: 1300, width: anchorRef.current?.clientWidth }}
          disablePortal
        >
          <Paper elevation={8} sx={{ mt: 0.5, maxHeight: 360, overflowY: "auto" }}>
            <List id={listId} role="listbox" aria-label="Voices" dense>
              {voices.length === 0 && (
                <ListItemText sx={{ px: 2, py: 1 }} primary={loading ? "Loading voices..." : "No voices available"} />
              )}
              {shown.map((v) => (
                <ListItemButton
                  key={v.id}
                  role="option"
                  selected={v.id === value}
                  aria-selected={v.id === value}
                  onClick={() => pick(v.id)}
                >
                  <ListItemText primary={v.name} secondary={v.description || undefined} />
                  {v.preview_url && (
                    <IconButton
                      edge="end"
                      aria-label={
                        preview.playingId === v.id ? `Stop preview of ${v.name}` : `Play preview of ${v.name}`
                      }
                      onClick={(e) => {
                        e.stopPropagation();
                        preview.toggle(v.id, v.preview_url!);
                      }}
                    >
                      {preview.playingId === v.id ? <Stop /> : <PlayArrow />}
                    </IconButton>
                  )}
                </ListItemButton>
              ))}
              {hidden > 0 && (
                <ListItemButton onClick={() => setShowAll(true)} sx={{ justifyContent: "center" }}>
                  <ListItemText
                    primary={`Show More (${hidden} more)`}
                    slotProps={{ primary: { color: "primary", sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              )}
            </List>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
