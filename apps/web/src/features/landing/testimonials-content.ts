export type Testimonial = {
  quote: string;
  author: string;
  title: string;
  company: string;
  /** Colour of the company's text logo mark. */
  logoColor: string;
};

// Marketing copy about fictional customers.
export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "Parley calls every new enquiry before my agents have finished their coffee. Viewings booked per week " +
      "tripled in the first month, and the call summaries mean nobody walks into a viewing unprepared.",
    author: "Elena Marsh",
    title: "Head of Sales, Harborview Realty",
    company: "Harborview",
    logoColor: "#a78bfa",
  },
  {
    quote:
      "Our no-show rate was our biggest leak. Now every patient gets a friendly confirmation call and can " +
      "reschedule on the spot. The front desk finally has time for the people in the waiting room.",
    author: "Dr. Samuel Okafor",
    title: "Practice Director, Brightside Clinics",
    company: "Brightside",
    logoColor: "#34d399",
  },
  {
    quote:
      "We uploaded our policy handbook and the agent was answering renewal questions accurately the same " +
      "afternoon. Renewals are up and my team only takes the calls that really need a human.",
    author: "Priya Natarajan",
    title: "VP Customer Success, Northwind Insurance",
    company: "Northwind",
    logoColor: "#60a5fa",
  },
  {
    quote:
      "The speed to lead is unreal. Applicants get a call within minutes, missing documents get chased " +
      "automatically, and our loan officers spend their day closing instead of dialling.",
    author: "Marcus Lee",
    title: "COO, Keystone Lending",
    company: "Keystone",
    logoColor: "#fbbf24",
  },
  {
    quote:
      "Abandoned-cart calls felt risky until we heard the recordings. Customers like the help, " +
      "and we win back a quarter of high-value carts without a single extra hire.",
    author: "Aisha Rahman",
    title: "Founder, Loom & Ladle",
    company: "Loom & Ladle",
    logoColor: "#f472b6",
  },
];
