import { ScreenInProgress } from "../../components/ScreenInProgress.tsx";

export function CallingVisualizationPage() {
  return <ScreenInProgress title="Calling Analytics & Visualization" />;
}
