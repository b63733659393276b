import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { CalendarEvent } from "@parley/shared/calendar";
import { monthName } from "./calendar-dates.ts";
import { eventsInMonth, matchesSearch } from "./event-display.ts";

type Props = {
  anchor: Date;
  events: CalendarEvent[];
  search: string;
  zone: string;
  onPickMonth: (d: Date) => void;
};

/** 12 month cards with a meeting count and up to 3 titles (months on the viewer's clock); a card opens its month. */
export function YearView({ anchor, events, search, zone, onPickMonth }: Props) {
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
        const inMonth = eventsInMonth(events, year, month, zone);
        const name = monthName(year, month);
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
