import { useParams } from "react-router-dom";
import { session } from "../../../lib/session.ts";

/** Paths inside the current organisation (routes exist with and without the /org/{slug} prefix). */
export function useCampaignPaths() {
  const { orgSlug } = useParams();
  const prefix = orgSlug ? `/org/${orgSlug}` : "";
  return {
    list: `${prefix}/campaigns`,
    create: `${prefix}/campaign-setup`,
    view: (id: string) => `${prefix}/campaign-setup?id=${encodeURIComponent(id)}`,
    // The knowledge base page brings the user back to this form (whose draft is kept) after the upload.
    createKnowledgeBase: `/org/${orgSlug ?? session.orgSlug()}/create-knowledge-base?from=campaign-setup`,
  };
}
