import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";

type Props = { contactFileName: string | null; onStartOver(): void };

// The app's header is sticky (56 px on phones, 64 px wider): the notice is brought into view below it.
const BELOW_HEADER = { xs: "72px", sm: "80px" };

/**
 * Says the form came back as it was left, and what a browser could not keep (the chosen file). Coming back from
 * the knowledge base page keeps that page's scroll, which left the notice half under the header: it is scrolled
 * into view, below the header, once it shows.
 */
export function DraftRestoredNotice({ contactFileName, onStartOver }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <Alert
      ref={ref}
      severity="info"
      sx={{ scrollMarginTop: BELOW_HEADER }}
      action={
        <Button color="inherit" size="small" onClick={onStartOver} sx={{ whiteSpace: "nowrap" }}>
          Start over
        </Button>
      }
    >
      Your campaign is back as you left it.
      {contactFileName && ` Choose the contact list (${contactFileName}) again: a browser cannot keep a chosen file.`}
    </Alert>
  );
}
