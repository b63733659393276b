import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Search from "@mui/icons-material/Search";
import { periodTitle, type CalendarView } from "./calendar-dates.ts";
import { FeedSubscribe } from "./FeedSubscribe.tsx";

type Props = {
  view: CalendarView;
  anchor: Date;
  search: string;
  onView: (v: CalendarView) => void;
  onStep: (dir: -1 | 1) => void;
  onToday: () => void;
  onSearch: (s: string) => void;
  onNew: () => void;
};

const VIEWS: [CalendarView, string][] = [
  ["day", "Day"],
  ["week", "Week"],
  ["month", "Month"],
  ["year", "Year"],
];

/** Arrows, Today, the period, the Day/Week/Month/Year toggle, 'Search events...', New Event and Subscribe. */
export function CalendarToolbar({ view, anchor, search, onView, onStep, onToday, onSearch, onNew }: Props) {
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <IconButton aria-label="Previous" onClick={() => onStep(-1)}>
          <ChevronLeft />
        </IconButton>
        <Button variant="outlined" size="small" onClick={onToday}>
          Today
        </Button>
        <IconButton aria-label="Next" onClick={() => onStep(1)}>
          <ChevronRight />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 160 }}>
          {periodTitle(view, anchor)}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={onNew}>
          New Event
        </Button>
        <FeedSubscribe />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, v: CalendarView | null) => v && onView(v)}
          aria-label="Calendar view"
        >
          {VIEWS.map(([v, label]) => (
            <ToggleButton key={v} value={v} sx={{ px: 2 }}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          placeholder="Search events..."
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          slotProps={{
            htmlInput: { "aria-label": "Search events" },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
        />
      </Stack>
    </Stack>
  );
}
