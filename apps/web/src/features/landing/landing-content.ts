import type { ComponentType } from "react";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import GraphicEq from "@mui/icons-material/GraphicEq";
import Tune from "@mui/icons-material/Tune";
import MenuBook from "@mui/icons-material/MenuBook";
import Psychology from "@mui/icons-material/Psychology";
import CalendarMonth from "@mui/icons-material/CalendarMonth";
import Hub from "@mui/icons-material/Hub";
import RecordVoiceOver from "@mui/icons-material/RecordVoiceOver";
import Insights from "@mui/icons-material/Insights";
import TrendingUp from "@mui/icons-material/TrendingUp";
import SupportAgent from "@mui/icons-material/SupportAgent";
import Favorite from "@mui/icons-material/Favorite";
import CloudUpload from "@mui/icons-material/CloudUpload";
import Campaign from "@mui/icons-material/Campaign";
import EventAvailable from "@mui/icons-material/EventAvailable";

export type IconType = ComponentType<SvgIconProps>;

export const TRIAL_CLAIM = "Free 14-day trial · No credit card required";

/** The four section anchors the header links to (ids are part of the spec). */
export const NAV_LINKS = [
  { label: "Features", href: "#features" },
  { label: "Industries", href: "#industries" },
  { label: "Use Cases", href: "#use-cases" },
  { label: "Testimonials", href: "#testimonials" },
] as const;

export const FEATURES: { title: string; text: string; icon: IconType }[] = [
  {
    title: "Realtime AI voice calling",
    icon: GraphicEq,
    text: "Natural-sounding agents call your leads and hold live two-way conversations, interruptions included.",
  },
  {
    title: "Advanced personalization",
    icon: Tune,
    text: "Every call adapts to the contact's name, history and context from your lead list.",
  },
  {
    title: "Knowledge base management",
    icon: MenuBook,
    text: "Upload documents and web pages so the agent answers from your facts, not guesses.",
  },
  {
    title: "Conversational intelligence",
    icon: Psychology,
    text: "Detects intent, objections and buying signals, then steers the conversation to the next step.",
  },
  {
    title: "Calendar integration",
    icon: CalendarMonth,
    text: "Books meetings straight into your calendar while the lead is still on the line.",
  },
  {
    title: "CRM integrations",
    icon: Hub,
    text:
      "Imports contacts from HubSpot and writes every call, booked " +
      "meeting and opt-out back to the contact automatically.",
  },
  {
    title: "Session recording and summaries",
    icon: RecordVoiceOver,
    text: "Each call is recorded, transcribed and summarised so nobody has to listen back.",
  },
  {
    title: "Performance analytics",
    icon: Insights,
    text: "Track connect rates, conversions and minutes per campaign on one live dashboard.",
  },
];

export const USE_CASES: { title: string; text: string; icon: IconType; points: string[] }[] = [
  {
    title: "Sales Acceleration",
    icon: TrendingUp,
    text: "Reach every new lead within minutes, qualify them and hand your reps booked meetings.",
    points: ["Speed-to-lead in minutes", "Automatic follow-up attempts", "Meetings booked on the call"],
  },
  {
    title: "Customer Support",
    icon: SupportAgent,
    text: "Answer routine questions around the clock from your knowledge base and escalate the rest.",
    points: ["24/7 availability", "Answers from your documents", "Clean hand-off to your team"],
  },
  {
    title: "Customer Success",
    icon: Favorite,
    text: "Run onboarding check-ins, renewal reminders and feedback calls at scale.",
    points: ["Proactive check-in calls", "Renewal and upsell reminders", "Feedback captured in summaries"],
  },
];

/** Shown in the Watch Demo dialog: what happens from upload to results. */
export const DEMO_FLOW: { title: string; text: string; icon: IconType }[] = [
  {
    title: "Upload your contacts",
    icon: CloudUpload,
    text: "Import a CSV or sync from your CRM; bad numbers are flagged before any call.",
  },
  {
    title: "Train your agent",
    icon: MenuBook,
    text: "Add documents, web pages and FAQs, then pick a voice and a follow-up strategy.",
  },
  {
    title: "Launch the campaign",
    icon: Campaign,
    text: "Parley calls within your business hours and time zone, retrying as you choose.",
  },
  {
    title: "Review the results",
    icon: EventAvailable,
    text: "Meetings land in your calendar; recordings, transcripts and summaries in the call logs.",
  },
];

/** Values are the ones the spec fixes for the Request Demo form; labels are for people. */
export const DEMO_INDUSTRIES = [
  { value: "real-estate", label: "Real Estate" },
  { value: "healthcare", label: "Healthcare" },
  { value: "insurance", label: "Insurance" },
  { value: "lending", label: "Lending" },
  { value: "travel", label: "Travel" },
  { value: "other", label: "Other" },
] as const;

/**
 * Footer columns. Every link leads somewhere real: a section of this page, the API reference, sign-in. Pages that
 * do not exist (pricing, a blog, legal pages, social profiles) are not linked rather than linked to nothing.
 */
export const FOOTER_COLUMNS: { title: string; links: { label: string; href: string }[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Features", href: "#features" },
      { label: "Integrations", href: "#features" },
      { label: "Request a Demo", href: "#request-demo" },
    ],
  },
  {
    title: "Solutions",
    links: [
      { label: "Sales Acceleration", href: "#use-cases" },
      { label: "Customer Support", href: "#use-cases" },
      { label: "Customer Success", href: "#use-cases" },
      { label: "Industries", href: "#industries" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "API documentation", href: "/api/docs" },
      { label: "Customer Stories", href: "#testimonials" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Contact", href: "#request-demo" },
      { label: "Sign in", href: "/login" },
      { label: "Create an account", href: "/register" },
    ],
  },
];
