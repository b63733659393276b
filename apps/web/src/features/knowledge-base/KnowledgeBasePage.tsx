import { ScreenInProgress } from "../../components/ScreenInProgress.tsx";

export function KnowledgeBasePage() {
  return <ScreenInProgress title="Knowledge Base" subtitle="See all the knowledge base in one place" />;
}
