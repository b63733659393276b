import { ScreenInProgress } from "../../components/ScreenInProgress.tsx";

export function CallLogsPage() {
  return <ScreenInProgress title="Conversation Logs" />;
}
