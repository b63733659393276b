import { useEffect, useState, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { CALL_LOG_PAGE_SIZES } from "@parley/shared/call-history";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { Pager } from "../../components/Pager.tsx";
import { CallDetailsDialog } from "./CallDetailsDialog.tsx";
import { CallLogCards } from "./CallLogCards.tsx";
import { CallLogsTable } from "./CallLogsTable.tsx";
import { CallLogsToolbar, type CallDirection } from "./CallLogsToolbar.tsx";
import type { CallLogRow } from "./call-log-display.ts";
import { useAudioPlayer } from "./useAudioPlayer.ts";
import { useCallLogs } from "./useCallLogs.ts";
import { useCallLogsExport } from "./useCallLogsExport.ts";
import { useLinkedCall } from "./useLinkedCall.ts";
import { useDebouncedValue } from "../../lib/useDebouncedValue.ts";
import { QualifyingFilters } from "./QualifyingFilters.tsx";
import type { QualifyingFilter } from "./call-logs-api.ts";
import { fieldsSeen } from "./qualifying-display.ts";

type Channel = "voice" | "email" | "whatsapp";
type Props = { emailPanel?: ReactNode; whatsappPanel?: ReactNode };

/**
 * Conversation Logs: voice calls here; the email and WhatsApp tabs show the panels they are given (disabled without).
 */
export function CallLogsPage({ emailPanel, whatsappPanel }: Props) {
  const [channel, setChannel] = useState<Channel>("voice");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [search, setSearch] = useState("");
  const [viewing, setViewing] = useState<CallLogRow | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const [direction, setDirection] = useState<CallDirection>("OUTBOUND");
  const debounced = useDebouncedValue(search.trim(), 350);
  const [qualifying, setQualifying] = useState<QualifyingFilter>({});
  const answerFilter = useDebouncedValue(qualifying, 350);
  const list = useCallLogs({ direction, search: debounced, page, pageSize, ...answerFilter }, channel === "voice");
  // The fields offered as filters: every one the list has shown so far.
  const [fields, setFields] = useState<Map<string, string>>(new Map());
  const shown = list.data?.rows;
  useEffect(() => {
    if (shown)
      setFields((known) =>
        fieldsSeen(
          known,
          shown.map((r) => r.qualifying),
        ),
      );
  }, [shown]);
  const audio = useAudioPlayer();
  const linked = useLinkedCall();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const capped = list.data?.capped ?? false;
  const { exporting, exportLogs } = useCallLogsExport(
    { direction, search: debounced, ...answerFilter },
    rows,
    setToast,
  );
  // Below 600 px the rows become cards (the spec's mobile breakpoint).
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const List = phone ? CallLogCards : CallLogsTable;
  // The dialog has its own player: the list's clip stops so only one plays at a time.
  const view = (r: CallLogRow) => {
    audio.stop();
    setViewing(r);
  };

  const changeChannel = (c: Channel) => {
    audio.stop();
    setChannel(c);
    setPage(1);
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Conversation Logs
      </Typography>
      <Tabs
        value={channel}
        onChange={(_, c: Channel) => changeChannel(c)}
        aria-label="Conversation channel"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="voice" label="Voice Call" />
        <Tab value="email" label="Email" disabled={!emailPanel} />
        <Tab value="whatsapp" label="WhatsApp" disabled={!whatsappPanel} />
      </Tabs>
      {channel === "email" && emailPanel}
      {channel === "whatsapp" && whatsappPanel}
      {channel === "voice" && (
        <>
          <CallLogsToolbar
            direction={direction}
            onDirection={(d) => {
              setDirection(d);
              setPage(1);
            }}
            count={list.data ? { total, capped } : null}
            search={search}
            onSearch={(s) => {
              setSearch(s);
              setPage(1);
            }}
            exporting={exporting}
            onExport={exportLogs}
          />
          <QualifyingFilters
            value={qualifying}
            fields={fields}
            onChange={(q) => {
              setQualifying(q);
              setPage(1);
            }}
          />
          {list.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => list.refetch()}>
                  Retry
                </Button>
              }
            >
              Failed to load call history. Please try again.
            </Alert>
          )}
          <Paper variant="outlined" sx={{ borderRadius: 2, overflow: "hidden" }}>
            {list.isPending ? (
              <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 2, py: 8 }}>
                <CircularProgress size={24} />
                <Typography>Loading call logs...</Typography>
              </Box>
            ) : rows.length === 0 ? (
              <Typography color="text.secondary" sx={{ textAlign: "center", py: 8 }}>
                No voice call logs available.
              </Typography>
            ) : (
              <List
                rows={rows}
                playingId={audio.playingId}
                pausedId={audio.pausedId}
                onView={view}
                onPlay={(r) => r.audioUrl && audio.play(r.id, r.audioUrl)}
                onPause={audio.pause}
                onStop={audio.stop}
                field={
                  answerFilter.field ? { key: answerFilter.field, name: fields.get(answerFilter.field) ?? "" } : null
                }
              />
            )}
            <Pager
              page={page}
              pageSize={pageSize}
              total={total}
              capped={capped}
              pageSizes={CALL_LOG_PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(n) => {
                setPageSize(n);
                setPage(1);
              }}
            />
          </Paper>
        </>
      )}
      <CallDetailsDialog
        row={viewing ?? linked.row}
        startAtMs={viewing ? undefined : linked.atMs}
        onClose={() => {
          setViewing(null);
          linked.clear();
        }}
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
