import { ScreenInProgress } from "../../components/ScreenInProgress.tsx";

export function CreateKnowledgeBasePage() {
  return <ScreenInProgress title="Create Knowledge Base" />;
}
