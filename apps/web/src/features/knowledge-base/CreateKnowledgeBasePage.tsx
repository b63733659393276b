import { useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { checkKbFiles, KbMessages } from "@parley/shared/knowledge-base";
import { deniedMessage } from "@parley/shared/permissions";
import { useCan, useRole } from "../../lib/useCurrentUser.ts";
import { ChannelSelect } from "./components/ChannelSelect.tsx";
import { FileDropZone } from "./components/FileDropZone.tsx";
import { AppToast } from "../../components/AppToast.tsx";
import { UrlListEditor } from "./components/UrlListEditor.tsx";
import { uploadDocuments, uploadUrls } from "./kb-api.ts";
import { combinedProblem, documentsProblem, urlsProblem, type Channel, type UrlItem } from "./kb-form.ts";
import { useKbPaths } from "./useKbPaths.ts";
import { useKbUpload } from "./useKbUpload.ts";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, display: "flex", flexDirection: "column", gap: 2 }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A role that may not change the knowledge base (a member who typed the address) is told so instead of a form. */
export function CreateKnowledgeBasePage() {
  const role = useRole();
  const allowed = useCan("knowledge.edit");
  if (role && !allowed) {
    return (
      <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 960 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Create Knowledge Base
        </Typography>
        <Alert severity="info">{deniedMessage(role, "knowledge.edit")}</Alert>
      </Box>
    );
  }
  return <CreateKnowledgeBaseForm />;
}

function CreateKnowledgeBaseForm() {
  const navigate = useNavigate();
  const paths = useKbPaths();
  // Sent from a campaign's setup: its channel is voice (the only one usable), and the upload leads back there.
  const fromCampaign = useSearchParams()[0].get("from") === "campaign-setup";
  const afterDocuments = fromCampaign ? paths.campaignSetup : paths.list;
  const [channel, setChannel] = useState<Channel>(fromCampaign ? "voice" : "");
  const [files, setFiles] = useState<File[]>([]);
  const [urls, setUrls] = useState<UrlItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useKbUpload();

  const addFiles = (added: File[]) => {
    if (added.length === 0) return;
    const issue = checkKbFiles(added, files.length);
    setProblem(issue);
    if (!issue) setFiles([...files, ...added]);
  };
  const uploadFiles = () => {
    const issue = documentsProblem(channel, files.length);
    setProblem(issue);
    if (issue) return;
    void upload.run(
      "documents",
      (p) => uploadDocuments(files, p),
      () => {
        setFiles([]);
        setUrls([]);
        navigate(afterDocuments);
      },
    );
  };
  const uploadLinks = () => {
    const issue = urlsProblem(channel, urls.length);
    setProblem(issue);
    if (issue) return;
    void upload.run(
      "urls",
      (p) => uploadUrls(urls, p),
      () => setUrls([]),
    );
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Create Knowledge Base
        </Typography>
        <Typography color="text.secondary">Train your agent with documents and web pages</Typography>
      </Box>
      {fromCampaign && (
        <Alert severity="info">
          Your campaign is kept as you left it. After the upload you go back to it, or{" "}
          <Link component={RouterLink} to={paths.campaignSetup}>
            go back now
          </Link>
          .
        </Alert>
      )}
      <ChannelSelect
        label="Communication channel"
        placeholder="Select a communication channel"
        value={channel}
        onChange={(c) => {
          setChannel(c);
          setProblem(null);
        }}
        minWidth={280}
      />
      <Section title="Documents">
        <FileDropZone
          files={files}
          disabled={upload.uploading}
          // The channel comes first (spec §5's order): without it the picker does not open and says why.
          blockedReason={channel ? null : KbMessages.channelForDocuments}
          onBlocked={setProblem}
          onAdd={addFiles}
          onRemove={(i) => setFiles(files.filter((_, j) => j !== i))}
        />
      </Section>
      <Section title="Web pages">
        <UrlListEditor urls={urls} disabled={upload.uploading} onChange={setUrls} />
      </Section>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {upload.percent !== null && (
        <Box aria-label="Upload progress">
          <LinearProgress variant="determinate" value={upload.percent} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Uploading... {upload.percent}%
          </Typography>
        </Box>
      )}
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
        <Button variant="contained" disabled={upload.uploading} onClick={uploadFiles}>
          Upload Documents Now
        </Button>
        <Button variant="contained" color="secondary" disabled={upload.uploading} onClick={uploadLinks}>
          Upload URLs
        </Button>
        {channel !== "" && channel !== "voice" && (
          <Button
            variant="outlined"
            disabled={upload.uploading}
            onClick={() => setProblem(combinedProblem(channel, files.length, urls.length))}
          >
            Upload Files & URLs Together
          </Button>
        )}
        <Button variant="text" onClick={() => navigate(paths.list)}>
          Go to Knowledge Base List
        </Button>
      </Box>
      <AppToast toast={upload.toast} onClose={upload.closeToast} />
    </Box>
  );
}
