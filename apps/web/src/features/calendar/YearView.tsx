import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { CalendarEvent } from "@parley/shared/calendar";
import { matchesSearch } from "./event-display.ts";

type Props = { anchor: Date; events: CalendarEvent[]; search: string; onPickMonth: (d: Date) => void };

/** 12 month cards with a meeting count and up to 3 titles; a card opens its month. */
export function YearView({ anchor, events, search, onPickMonth }: Props) {
  const year = anchor.getFullYear();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)", lg: "repeat(4, 1fr)" },
      }}
    >
      {Array.from({ length: 12 }, (_, month) => {
        const inMonth = events
          .filter((e) => {
            const d = new Date(e.start_time);
            return d.getFullYear() === year && d.getMonth() === month;
          })
          .sort((a, b) => a.start_time.localeCompare(b.start_time));
        const name = new Date(year, month, 1).toLocaleDateString("en-US", { month: "long" });
        const hit = inMonth.some((e) => matchesSearch(e, search));
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
            key={month}
            data-highlighted={hit ? "true" : undefined}
            sx={hit ? { borderColor: "secondary.main" } : undefined}
          >
            <CardActionArea
              onClick={() => onPickMonth(new Date(year, month, 1))}
              aria-label={`${name} ${year}`}
              sx={{
                height: "100%",
                display: "flex",
                flexDirection: "column",
                alignItems: "stretch",
                justifyContent: "flex-start",
              }}
            >
              <CardContent sx={{ width: "100%" }}>
                <Typography variant="h6">{name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {inMonth.length === 1 ? "1 meeting" : `${inMonth.length} meetings`}
                </Typography>
                {inMonth.slice(0, 3).map((e) => (
                  <Typography
                    key={e.id}
                    variant="caption"
                    noWrap
                    component="div"
                    sx={matchesSearch(e, search) ? { color: "secondary.light", fontWeight: 700 } : undefined}
                  >
                    {e.title}
                  </Typography>
                ))}
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
