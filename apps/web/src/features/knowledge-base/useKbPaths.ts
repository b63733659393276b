import { useParams } from "react-router-dom";
import { session } from "../../lib/session.ts";

/** Knowledge-base paths in the current organisation: the route's slug, else the stored one. */
export function useKbPaths() {
  const { orgSlug } = useParams();
  const prefix = `/org/${orgSlug ?? session.orgSlug()}`;
  return {
    list: `${prefix}/knowledge-base`,
    create: `${prefix}/create-knowledge-base`,
    /** The campaign form that sent the user here ("create one"), whose draft waits for them. */
    campaignSetup: `${prefix}/campaign-setup`,
  };
}
