import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { OrgSettingsForm } from "./OrgSettingsForm.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { TeamSection } from "./team/TeamSection.tsx";
import { DeleteOrganization } from "./DeleteOrganization.tsx";
import { LeaveOrganization } from "./LeaveOrganization.tsx";
import { useOrgSettings, useProfile, useVoices } from "./settings-api.ts";
import { useCan, useCurrentUser, useRole } from "../../lib/useCurrentUser.ts";
import { session } from "../../lib/session.ts";

function Section({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    // Scrolled to, a section stops below the sticky header instead of under it.
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2, scrollMarginTop: 80 }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {subtitle}
      </Typography>
      {children}
    </Paper>
  );
}

function LoadError({ error, retry, fallback }: { error: unknown; retry(): void; fallback: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {messageOf(error, fallback)}
    </Alert>
  );
}

/** The organisation's defaults (for admins and the owner) and the signed-in user's profile and password. */
export function SettingsPage() {
  const role = useRole();
  const orgVisible = useCan("settings.view");
  const integrations = useCan("integrations.manage");
  const teamVisible = useCan("team.manage");
  const canDelete = useCan("organization.delete");
  const orgName = useCurrentUser().data?.organization_name ?? "";
  const org = useOrgSettings(orgVisible);
  const profile = useProfile();
  const voices = useVoices(orgVisible);
  const [toast, setToast] = useState<Toast>(null);
  const saved = (message: string) => () => setToast({ severity: "success", message, durationMs: 3000 });

  // Voices first too, so a saved default voice is among the choices when the form appears.
  if (!role || (orgVisible && (org.isPending || voices.isPending)) || profile.isPending) return <PageSpinner />;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 1100 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Settings
        </Typography>
        <Typography color="text.secondary">
          {orgVisible ? "Your organization's defaults and your own account" : "Your own account"}
        </Typography>
      </Box>
      {orgVisible && (
        <Section
          title="Organization"
          subtitle="How the voice agent introduces itself, what new campaigns start from and where meetings are held."
        >
          {org.isError ? (
            <LoadError
              error={org.error}
              retry={() => org.refetch()}
              fallback="Failed to load the organization settings. Please try again."
            />
          ) : (
            // Keyed on the saved values so a save or another tab's change resets the form to what is stored.
            org.data && (
              <OrgSettingsForm
                key={JSON.stringify(org.data.settings)}
                data={org.data}
                voices={voices.data?.voices ?? []}
                onSaved={saved("Organization settings saved.")}
              />
            )
          )}
        </Section>
      )}
      {integrations && (
        <Section
          title="Integrations"
          subtitle={
            "Your team's calendar (CalDAV), so the agent never books " +
            "over a busy time and every meeting lands there."
          }
        >
          <Button variant="outlined" component={RouterLink} to={`/org/${session.orgSlug()}/settings/integrations`}>
            Manage integrations
          </Button>
        </Section>
      )}
      {integrations && (
        <Section
          title="Webhooks"
          subtitle="Send call results, meetings and opt-outs to your own systems as they happen."
        >
          <Button variant="outlined" component={RouterLink} to={`/org/${session.orgSlug()}/settings/webhooks`}>
            Manage webhooks
          </Button>
        </Section>
      )}
      {integrations && (
        <Section title="API keys" subtitle="Let your own systems call the Parley API as this organization.">
          <Button variant="outlined" component={RouterLink} to={`/org/${session.orgSlug()}/settings/api-keys`}>
            Manage API keys
          </Button>
        </Section>
      )}
      {integrations && (
        <Section
          title="API reference"
          subtitle={
            "Every endpoint of the Parley API with its request, answer and " +
            "errors, for building on Parley from your own systems."
          }
        >
          {/* Served by the API itself (Swagger UI), outside the single-page app: a new tab, not a route. */}
          <Button variant="outlined" href="/api/docs" target="_blank" rel="noopener">
            Open the API reference
          </Button>
        </Section>
      )}
      {teamVisible && (
        <Section
          title="Team"
          subtitle={
            "Who works in this organization and what their role " + "lets them do. Invite a teammate by email or link."
          }
        >
          <TeamSection />
        </Section>
      )}
      <Section title="Profile" subtitle="Your name and the email you sign in with.">
        {profile.isError ? (
          <LoadError
            error={profile.error}
            retry={() => profile.refetch()}
            fallback="Failed to load your profile. Please try again."
          />
        ) : (
          <ProfileForm
            key={JSON.stringify(profile.data.profile)}
            profile={profile.data.profile}
            onSaved={saved("Profile saved.")}
          />
        )}
      </Section>
      <Section title="Password" subtitle="Changing it signs out your other sessions; this one stays signed in.">
        {profile.data && (
          <PasswordForm hasPassword={profile.data.profile.has_password} onChanged={saved("Password changed.")} />
        )}
      </Section>
      {orgName && (
        <Section
          title="Leave organization"
          subtitle={`Stop being a member of ${orgName}. Your account and your other organizations stay.`}
        >
          <LeaveOrganization name={orgName} />
        </Section>
      )}
      {canDelete && orgName && (
        <Section
          title="Delete organization"
          subtitle={`Delete ${orgName} and everything in it, for everyone in it. This cannot be undone.`}
        >
          <DeleteOrganization name={orgName} />
        </Section>
      )}
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
