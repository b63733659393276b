import Home from "@mui/icons-material/Home";
import LocalHospital from "@mui/icons-material/LocalHospital";
import Shield from "@mui/icons-material/Shield";
import AccountBalance from "@mui/icons-material/AccountBalance";
import Flight from "@mui/icons-material/Flight";
import ShoppingCart from "@mui/icons-material/ShoppingCart";
import type { IconType } from "./landing-content.ts";

export type Industry = {
  id: string;
  label: string;
  icon: IconType;
  /** Accent of the tab's illustration, so each industry reads differently at a glance. */
  accent: string;
  headline: string;
  description: string;
  stats: { value: string; label: string }[];
  /** A line the agent might say, and the outcome chip, drawn in the illustration. */
  agentLine: string;
  outcome: string;
};

export const INDUSTRIES: Industry[] = [
  {
    id: "real-estate",
    label: "Real Estate",
    icon: Home,
    accent: "#a78bfa",
    headline: "Never let a property enquiry go cold",
    description:
      "Parley calls every portal and website enquiry within minutes, qualifies budget, " +
      "location and timeline, and books viewings straight into your agents' calendars.",
    stats: [
      { value: "3x", label: "more viewings booked" },
      { value: "< 5 min", label: "speed to lead" },
      { value: "60%", label: "less time on cold leads" },
    ],
    agentLine: "Hi Maria, you asked about the two-bed on Elm Street. Is Saturday good for a viewing?",
    outcome: "Viewing booked · Sat 11:00",
  },
  {
    id: "healthcare",
    label: "Healthcare",
    icon: LocalHospital,
    accent: "#34d399",
    headline: "Fewer no-shows, fuller schedules",
    description:
      "Confirm and reschedule appointments, run post-visit follow-ups and answer common " +
      "patient questions from your own approved material, around the clock.",
    stats: [
      { value: "40%", label: "fewer no-shows" },
      { value: "24/7", label: "patient availability" },
      { value: "2x", label: "faster rescheduling" },
    ],
    agentLine: "Hello James, I'm calling to confirm your check-up tomorrow at 9:30. Does that still work?",
    outcome: "Appointment confirmed",
  },
  {
    id: "insurance",
    label: "Insurance",
    icon: Shield,
    accent: "#60a5fa",
    headline: "Quote faster, renew more",
    description:
      "Follow up on quote requests, remind policyholders before renewal and collect " +
      "the details your underwriters need, in a natural conversation.",
    stats: [
      { value: "35%", label: "higher renewal rate" },
      { value: "5x", label: "more quotes followed up" },
      { value: "50%", label: "lower cost per policy" },
    ],
    agentLine: "Hi Priya, your home policy renews next month. Shall I go over a few options with you?",
    outcome: "Renewal call scheduled",
  },
  {
    id: "lending",
    label: "Lending",
    icon: AccountBalance,
    accent: "#fbbf24",
    headline: "Move applicants through the funnel",
    description:
      "Pre-qualify applicants, chase missing documents and remind borrowers of next " +
      "steps, so your loan officers spend their time on ready-to-close files.",
    stats: [
      { value: "45%", label: "more completed applications" },
      { value: "70%", label: "fewer manual chase calls" },
      { value: "2 days", label: "shorter time to close" },
    ],
    agentLine: "Hi Daniel, we're only missing your latest payslip. Can I text you the upload link?",
    outcome: "Documents requested",
  },
  {
    id: "travel",
    label: "Travel",
    icon: Flight,
    accent: "#22d3ee",
    headline: "Turn enquiries into booked trips",
    description:
      "Call back holiday enquiries while they are still browsing, suggest packages " +
      "from your catalogue and confirm itinerary changes without a queue.",
    stats: [
      { value: "2.5x", label: "enquiry-to-booking rate" },
      { value: "90%", label: "of calls handled end to end" },
      { value: "30%", label: "larger average booking" },
    ],
    agentLine: "Hi Sofia, I found three beach resorts in Crete for your June dates. Want to hear them?",
    outcome: "Package shortlisted",
  },
  {
    id: "e-commerce",
    label: "E-commerce",
    icon: ShoppingCart,
    accent: "#f472b6",
    headline: "Recover carts and delight buyers",
    description:
      "Reach shoppers who abandoned a high-value cart, confirm cash-on-delivery " +
      "orders and handle order-status questions before they become tickets.",
    stats: [
      { value: "25%", label: "of abandoned carts recovered" },
      { value: "80%", label: "fewer order-status tickets" },
      { value: "4.8/5", label: "customer satisfaction" },
    ],
    agentLine: "Hi Leo, you left the espresso machine in your cart. Can I help with any questions?",
    outcome: "Order completed",
  },
];
