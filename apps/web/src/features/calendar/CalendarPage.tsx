import { ScreenInProgress } from "../../components/ScreenInProgress.tsx";

export function CalendarPage() {
  return <ScreenInProgress title="Calendar View" />;
}
