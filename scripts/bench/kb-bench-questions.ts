/** A small help-centre knowledge base and questions a callee might ask, each answered by one section. */
export const HELP_CENTRE = `# Premium plan
Premium plan: $49 per month. It includes unlimited monitoring, priority support and a yearly panel cleaning.

# Basic plan
Basic plan: $19 per month with email support only.

# Battery warranty
The Helios 400 battery warranty lasts twelve years and covers parts and labour.

# Panel warranty
Solar panels carry a twenty-five year performance guarantee of at least eighty percent output.

# Installation time
A certified installer fits a typical rooftop system in one or two days.

# Service area
We install systems in Oregon, Washington and northern California.

# Financing
Customers can finance a system over ten or fifteen years at a fixed rate with no deposit.

# Tax credit
A federal tax credit of thirty percent applies to the system and battery cost.

# Cancellation
You can cancel an order free of charge until the installation date is confirmed.

# Support hours
Our support line is open Monday to Friday from 8 am to 6 pm Pacific time.

# Outages
During a grid outage the battery switches on automatically within a fraction of a second.

# Monitoring app
The mobile app shows production, consumption and battery charge in real time.

# Roof types
We install on asphalt shingle, metal and flat roofs; slate and clay tile need a site survey first.

# Referral bonus
Refer a friend and both of you receive a two hundred dollar gift card after installation.

# Site survey
A free site survey measures the roof, checks shading and inspects the electrical panel.

# Permits
We handle every permit and the utility interconnection paperwork for you.

# Snow
Panels keep producing in winter; snow slides off the tilted glass within a day or two.

# Moving house
If you move, the system transfers to the new owner together with the remaining warranty.

# Cleaning
Rain usually keeps panels clean; Premium customers get one professional cleaning a year.

# Electric vehicles
We also install level 2 car chargers that can run on solar power during the day.
`;

/** [question, a phrase only its answering passage holds] */
export const QUESTIONS: Array<[string, string]> = [
  ["How much does the premium plan cost?", "$49 per month"],
  ["what's the cheapest plan", "$19 per month"],
  ["How long is the warranty on the battery?", "twelve years"],
  ["How long do the panels last?", "twenty-five year"],
  ["How long does installation take?", "one or two days"],
  ["Do you install in California?", "northern California"],
  ["Can I pay monthly, is there financing?", "ten or fifteen years"],
  ["Is there a tax credit?", "thirty percent"],
  ["Can I cancel my order?", "free of charge"],
  ["When is your support line open?", "8 am to 6 pm"],
  ["What happens in a power outage?", "switches on automatically"],
  ["Is there an app to monitor production?", "mobile app"],
  ["I have a metal roof, can you install on it?", "asphalt shingle, metal"],
  ["Do you have a referral program?", "gift card"],
  ["Is the site survey free?", "free site survey"],
  ["Who takes care of the permits?", "every permit"],
  ["Do panels work when it snows?", "snow slides off"],
  ["What if I sell my house?", "transfers to the new owner"],
  ["Do I need to clean the panels?", "Rain usually keeps panels clean"],
  ["Can you install an EV charger?", "car chargers"],
];
