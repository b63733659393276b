import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";

type Props = { contactFileName: string | null; onStartOver(): void };

/** Says the form came back as it was left, and what a browser could not keep (the chosen file). */
export function DraftRestoredNotice({ contactFileName, onStartOver }: Props) {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={onStartOver}>
          Start over
        </Button>
      }
    >
      Your campaign is back as you left it.
      {contactFileName && ` Choose the contact list (${contactFileName}) again: a browser cannot keep a chosen file.`}
    </Alert>
  );
}
