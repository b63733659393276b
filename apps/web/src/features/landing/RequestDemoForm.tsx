import { useEffect, useRef, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import { DEMO_INDUSTRIES } from "./landing-content.ts";
import { sectionSx } from "./SectionHeading.tsx";

type DemoRequest = { fullName: string; email: string; company: string; industry: string };
const EMPTY: DemoRequest = { fullName: "", email: "", company: "", industry: "" };

const PROMISES = [
  "A 30-minute walkthrough tailored to your industry",
  "A live call from a Parley agent to your own phone",
  "Help importing your first contact list",
];

/** Per the spec the request goes nowhere: submitting only thanks the visitor, nothing is sent. */
export function RequestDemoForm() {
  const [form, setForm] = useState<DemoRequest>(EMPTY);
  const [sentTo, setSentTo] = useState<DemoRequest | null>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  // The form disappears on submit; move focus to the thanks so keyboard users are not left nowhere.
  useEffect(() => {
    if (sentTo) thanksRef.current?.focus();
  }, [sentTo]);
  const field = (key: keyof DemoRequest) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSentTo(form);
    setForm(EMPTY);
  };

  return (
    <Box
      component="section"
      id="request-demo"
      aria-labelledby="request-demo-title"
      sx={{ ...sectionSx, bgcolor: "background.default" }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" },
            gap: { xs: 5, md: 8 },
            alignItems: "center",
          }}
        >
          <Box>
            <Typography variant="overline" sx={{ color: "primary.light", fontWeight: 700, letterSpacing: 2 }}>
              Request a demo
            </Typography>
            <Typography
              id="request-demo-title"
              variant="h2"
              sx={{ fontSize: { xs: 30, md: 42 }, lineHeight: 1.15, mt: 1, mb: 2, letterSpacing: -0.5 }}
            >
              Hear Parley on a real call
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: { xs: 16, md: 18 }, mb: 3 }}>
              Tell us a little about your team and we will set up a personal demo.
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: "none" }}>
              {PROMISES.map((p) => (
                <Stack component="li" key={p} direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                  <CheckCircle sx={{ color: "primary.light" }} />
                  <Typography>{p}</Typography>
                </Stack>
              ))}
            </Stack>
          </Box>
          <Paper elevation={8} sx={{ p: { xs: 3, md: 4 }, borderRadius: 2.5, border: 1, borderColor: "divider" }}>
            {sentTo ? (
              <Stack
                ref={thanksRef}
                tabIndex={-1}
                role="status"
                spacing={1.5}
                sx={{ alignItems: "center", textAlign: "center", py: { xs: 2, md: 4 }, outline: "none" }}
              >
                <CheckCircle sx={{ fontSize: 56, color: "success.main" }} />
                <Typography variant="h5" component="p">
                  Thank you, {sentTo.fullName.trim().split(" ")[0] || "there"}!
                </Typography>
                <Typography color="text.secondary" sx={{ maxWidth: 380 }}>
                  Our team will be in touch at {sentTo.email} shortly to arrange your demo.
                </Typography>
                <Button onClick={() => setSentTo(null)} sx={{ mt: 1 }}>
                  Send another request
                </Button>
              </Stack>
            ) : (
              <Stack component="form" aria-label="Request a demo" spacing={2.5} onSubmit={submit}>
                <TextField
                  label="Full Name"
                  name="fullName"
                  autoComplete="name"
                  required
                  fullWidth
                  {...field("fullName")}
                />
                <TextField
                  label="Work Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  fullWidth
                  {...field("email")}
                />
                <TextField
                  label="Company"
                  name="company"
                  autoComplete="organization"
                  required
                  fullWidth
                  {...field("company")}
                />
                <TextField label="Industry" name="industry" select required fullWidth {...field("industry")}>
                  {DEMO_INDUSTRIES.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
                <Button type="submit" variant="contained" size="large" sx={{ py: 1.5 }}>
                  Request Demo
                </Button>
              </Stack>
            )}
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}
