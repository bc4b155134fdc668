/**
 * Module and lesson outline of each University course, keyed by course id (common/marketing/courses.ts):
 * what migration 0016_courses seeded as each course's first modules and text lessons (admins edit them
 * since, in course_modules and course_lessons). Each course has exactly as many modules as its
 * `modules` count; its lessons' running time is close to its `duration`. Tests compare against it.
 */
export const COURSE_OUTLINES: Record<string, Array<{ title: string; lessons: Array<{ title: string; minutes: number }> }>> = {
  "validate-your-invention": [
    {
      title: "Start with the problem, not the product",
      lessons: [
        { title: "Why most inventions fail before the prototype", minutes: 12 },
        { title: "Writing the problem statement in one sentence", minutes: 18 },
        { title: "Who feels the problem most: your first customer profile", minutes: 20 },
      ],
    },
    {
      title: "Customer interviews that tell you the truth",
      lessons: [
        { title: "Finding 20 people to talk to this week", minutes: 15 },
        { title: "Questions that avoid polite lies", minutes: 22 },
        { title: "Reading the signals: money, time and workarounds", minutes: 18 },
      ],
    },
    {
      title: "Has it been done? A first prior-art search",
      lessons: [
        { title: "Searching Google Patents and the USPTO databases", minutes: 25 },
        { title: "Checking Amazon, Kickstarter and retail shelves", minutes: 15 },
        { title: "What to do when you find something close", minutes: 15 },
      ],
    },
    {
      title: "Sizing the market on one page",
      lessons: [
        { title: "Top-down and bottom-up estimates", minutes: 20 },
        { title: "Estimating a retail price and a target unit cost", minutes: 25 },
        { title: "A one-page business case", minutes: 15 },
      ],
    },
    {
      title: "The go/no-go decision",
      lessons: [
        { title: "The validation scorecard", minutes: 20 },
        { title: "Pre-orders and landing-page tests on a small budget", minutes: 25 },
        { title: "Your 90-day plan", minutes: 15 },
      ],
    },
  ],
  "patents-and-protection": [
    {
      title: "The four kinds of protection",
      lessons: [
        { title: "Utility and design patents, trademarks and copyright", minutes: 20 },
        { title: "Trade secrets: when not to patent", minutes: 15 },
        { title: "What protection really costs over five years", minutes: 20 },
      ],
    },
    {
      title: "Provisional patent applications",
      lessons: [
        { title: "What a provisional gives you and what it does not", minutes: 20 },
        { title: "Drawings and descriptions that hold up later", minutes: 25 },
        { title: "The 12-month clock and your launch plan", minutes: 15 },
      ],
    },
    {
      title: "Working with a patent attorney",
      lessons: [
        { title: "Choosing an attorney or agent", minutes: 15 },
        { title: "Preparing for the first meeting", minutes: 20 },
        { title: "Reading claims in plain English", minutes: 25 },
      ],
    },
    {
      title: "Trademarks and your brand name",
      lessons: [
        { title: "Clearing a name before you fall in love with it", minutes: 20 },
        { title: "Filing with the USPTO step by step", minutes: 25 },
        { title: "Amazon Brand Registry and why it matters", minutes: 15 },
      ],
    },
    {
      title: "NDAs, partners and licensing",
      lessons: [
        { title: "When an NDA helps and when it scares partners away", minutes: 20 },
        { title: "Sharing your idea with manufacturers safely", minutes: 20 },
        { title: "Licensing deals: royalties and what to negotiate", minutes: 20 },
      ],
    },
    {
      title: "Enforcing your rights",
      lessons: [
        { title: "Spotting knock-offs early", minutes: 15 },
        { title: "Marketplace takedowns and cease-and-desist letters", minutes: 25 },
        { title: "When litigation is and is not worth it", minutes: 20 },
      ],
    },
  ],
  "prototyping-and-design": [
    {
      title: "Prototype with a purpose",
      lessons: [
        { title: "Looks-like, works-like and production prototypes", minutes: 30 },
        { title: "Setting a prototype budget and timeline", minutes: 35 },
        { title: "Deciding what to test first", minutes: 35 },
      ],
    },
    {
      title: "Sketches, CAD and your first models",
      lessons: [
        { title: "From napkin sketch to dimensioned drawing", minutes: 40 },
        { title: "CAD basics for inventors", minutes: 45 },
        { title: "Foam, cardboard and off-the-shelf parts", minutes: 35 },
      ],
    },
    {
      title: "3D printing, CNC and soft tooling",
      lessons: [
        { title: "FDM, SLA and SLS printing compared", minutes: 40 },
        { title: "When to machine instead of print", minutes: 35 },
        { title: "Silicone molds and urethane casting for small runs", minutes: 45 },
      ],
    },
    {
      title: "Working with industrial designers and engineers",
      lessons: [
        { title: "Writing a design brief", minutes: 30 },
        { title: "Fixed fee, hourly or equity: paying for design", minutes: 30 },
        { title: "Owning your files and your IP", minutes: 30 },
      ],
    },
    {
      title: "Design for manufacturing",
      lessons: [
        { title: "Draft angles, wall thickness and parting lines", minutes: 40 },
        { title: "Fewer parts, fewer problems", minutes: 35 },
        { title: "Materials and finishes that keep unit cost down", minutes: 40 },
      ],
    },
    {
      title: "Testing with real users",
      lessons: [
        { title: "Running a home-use test", minutes: 35 },
        { title: "Safety, durability and drop testing", minutes: 40 },
        { title: "Turning feedback into the next revision", minutes: 30 },
      ],
    },
    {
      title: "Ready for quotes",
      lessons: [
        { title: "The technical data package factories expect", minutes: 40 },
        { title: "Bill of materials and tolerances", minutes: 40 },
        { title: "Golden samples and sign-off", minutes: 35 },
      ],
    },
  ],
  "manufacturing-and-sourcing": [
    {
      title: "Domestic or overseas?",
      lessons: [
        { title: "Cost, speed and control compared", minutes: 35 },
        { title: "Made in USA claims and what they require", minutes: 30 },
        { title: "Hybrid supply chains", minutes: 35 },
      ],
    },
    {
      title: "Finding factories",
      lessons: [
        { title: "Directories, trade shows and referrals", minutes: 40 },
        { title: "Sourcing agents: when they earn their fee", minutes: 35 },
        { title: "Your request for quotation", minutes: 45 },
      ],
    },
    {
      title: "Vetting suppliers",
      lessons: [
        { title: "Factory audits and certifications", minutes: 40 },
        { title: "Red flags in the first conversations", minutes: 35 },
        { title: "Samples: what to order and how to judge them", minutes: 45 },
      ],
    },
    {
      title: "Reading a quote line by line",
      lessons: [
        { title: "Tooling, unit price and minimum order quantity", minutes: 40 },
        { title: "Incoterms: FOB, EXW and DDP", minutes: 35 },
        { title: "Landed cost: duty, freight and fees", minutes: 45 },
      ],
    },
    {
      title: "Negotiating and contracts",
      lessons: [
        { title: "Negotiating MOQs and payment terms", minutes: 40 },
        { title: "Manufacturing agreements and tooling ownership", minutes: 45 },
        { title: "Protecting your design with a factory", minutes: 35 },
      ],
    },
    {
      title: "Quality control",
      lessons: [
        { title: "Writing a quality checklist", minutes: 35 },
        { title: "Third-party inspections", minutes: 40 },
        { title: "Handling defects and rework", minutes: 40 },
      ],
    },
    {
      title: "Packaging and compliance",
      lessons: [
        { title: "Retail-ready and e-commerce packaging", minutes: 40 },
        { title: "Labels, barcodes and country of origin", minutes: 35 },
        { title: "Product safety testing and certificates", minutes: 45 },
      ],
    },
    {
      title: "Shipping your first production run",
      lessons: [
        { title: "Freight forwarders and customs brokers", minutes: 40 },
        { title: "Air, ocean and less-than-container loads", minutes: 35 },
        { title: "Receiving, counting and storing inventory", minutes: 45 },
      ],
    },
  ],
  "amazon-launch-playbook": [
    {
      title: "Is Amazon right for your product?",
      lessons: [
        { title: "Category research and competition", minutes: 45 },
        { title: "Fees, margins and the FBA calculator", minutes: 45 },
        { title: "Seller Central setup", minutes: 45 },
      ],
    },
    {
      title: "Keywords and listing copy",
      lessons: [
        { title: "Keyword research that finds buyers", minutes: 45 },
        { title: "Titles, bullets and descriptions that convert", minutes: 45 },
        { title: "Backend search terms", minutes: 30 },
      ],
    },
    {
      title: "Images, video and A+ content",
      lessons: [
        { title: "The seven images every listing needs", minutes: 45 },
        { title: "Briefing a product photographer", minutes: 40 },
        { title: "A+ content and brand story", minutes: 45 },
      ],
    },
    {
      title: "Inventory and FBA",
      lessons: [
        { title: "Preparing and labeling shipments", minutes: 45 },
        { title: "Storage limits and fees", minutes: 40 },
        { title: "Forecasting launch-month inventory", minutes: 45 },
      ],
    },
    {
      title: "Your first reviews, within the rules",
      lessons: [
        { title: "What Amazon allows and what gets accounts suspended", minutes: 40 },
        { title: "Vine and the Request a Review button", minutes: 40 },
        { title: "Inserts and follow-up that stay compliant", minutes: 40 },
      ],
    },
    {
      title: "Pay-per-click advertising",
      lessons: [
        { title: "Sponsored Products campaign structure", minutes: 45 },
        { title: "Bids, budgets and ACoS targets", minutes: 45 },
        { title: "Reading the search term report", minutes: 45 },
      ],
    },
    {
      title: "Launch week",
      lessons: [
        { title: "The launch checklist", minutes: 45 },
        { title: "Coupons, deals and external traffic", minutes: 45 },
        { title: "Watching the numbers daily", minutes: 45 },
      ],
    },
    {
      title: "After launch",
      lessons: [
        { title: "Improving conversion with data", minutes: 45 },
        { title: "Protecting your listing from hijackers", minutes: 45 },
        { title: "Expanding to variations and new markets", minutes: 45 },
      ],
    },
  ],
  "retail-and-wholesale": [
    {
      title: "How retail buying works",
      lessons: [
        { title: "Categories, buyers and planograms", minutes: 40 },
        { title: "Line reviews and the retail calendar", minutes: 45 },
        { title: "What a buyer needs to say yes", minutes: 40 },
      ],
    },
    {
      title: "Pricing for retail",
      lessons: [
        { title: "Retail margin, keystone and MSRP", minutes: 40 },
        { title: "Wholesale price lists and volume tiers", minutes: 45 },
        { title: "Allowances, markdowns and co-op", minutes: 40 },
      ],
    },
    {
      title: "Your sell sheet and pitch",
      lessons: [
        { title: "A one-page sell sheet", minutes: 40 },
        { title: "Sales data that proves sell-through", minutes: 45 },
        { title: "Pitching in person and by video call", minutes: 40 },
      ],
    },
    {
      title: "Getting set up as a vendor",
      lessons: [
        { title: "Vendor onboarding and insurance", minutes: 40 },
        { title: "EDI, routing guides and labels", minutes: 45 },
        { title: "Chargebacks and how to avoid them", minutes: 40 },
      ],
    },
    {
      title: "Independent retailers and wholesale marketplaces",
      lessons: [
        { title: "Boutiques and independent stores", minutes: 40 },
        { title: "Wholesale marketplaces and trade shows", minutes: 40 },
        { title: "Opening orders and reorders", minutes: 40 },
      ],
    },
    {
      title: "Distributors and sales reps",
      lessons: [
        { title: "When a distributor earns its margin", minutes: 40 },
        { title: "Working with independent sales reps", minutes: 35 },
        { title: "Contracts and territories", minutes: 35 },
      ],
    },
    {
      title: "Keeping the shelf",
      lessons: [
        { title: "Supporting sell-through in store", minutes: 45 },
        { title: "Forecasts, replenishment and fill rates", minutes: 45 },
        { title: "Growing from a test to a national rollout", minutes: 40 },
      ],
    },
  ],
  "funding-your-product": [
    {
      title: "How much money do you need?",
      lessons: [
        { title: "A cash plan through the first production run", minutes: 45 },
        { title: "Working capital and the inventory trap", minutes: 45 },
        { title: "Unit economics investors ask about", minutes: 45 },
      ],
    },
    {
      title: "Bootstrapping and pre-sales",
      lessons: [
        { title: "Funding growth from sales", minutes: 45 },
        { title: "Pre-orders and deposits", minutes: 45 },
        { title: "Supplier and customer terms as financing", minutes: 45 },
      ],
    },
    {
      title: "Crowdfunding",
      lessons: [
        { title: "Kickstarter and Indiegogo compared", minutes: 45 },
        { title: "Building an audience before launch day", minutes: 50 },
        { title: "Fulfilling backers without losing money", minutes: 45 },
      ],
    },
    {
      title: "Loans and purchase-order financing",
      lessons: [
        { title: "SBA loans and lines of credit", minutes: 45 },
        { title: "Purchase-order and inventory financing", minutes: 45 },
        { title: "Revenue-based financing", minutes: 45 },
      ],
    },
    {
      title: "Angels and investors",
      lessons: [
        { title: "Friends and family rounds done properly", minutes: 45 },
        { title: "Angel investors and what they look for", minutes: 45 },
        { title: "SAFEs, convertible notes and valuation", minutes: 50 },
      ],
    },
    {
      title: "The pitch",
      lessons: [
        { title: "A pitch deck for a product company", minutes: 50 },
        { title: "Telling your story in five minutes", minutes: 45 },
        { title: "Due diligence and closing the round", minutes: 45 },
      ],
    },
  ],
  "scaling-your-brand": [
    {
      title: "From one product to a product line",
      lessons: [
        { title: "Finding your next product in your customer data", minutes: 40 },
        { title: "Line extensions versus new categories", minutes: 40 },
        { title: "Retiring products that hold you back", minutes: 40 },
      ],
    },
    {
      title: "Forecasting and inventory at scale",
      lessons: [
        { title: "Demand forecasting across channels", minutes: 40 },
        { title: "Safety stock and reorder points", minutes: 40 },
        { title: "Choosing a 3PL", minutes: 40 },
      ],
    },
    {
      title: "Channel mix",
      lessons: [
        { title: "Direct-to-consumer, Amazon and retail together", minutes: 40 },
        { title: "Channel conflict and pricing policy", minutes: 40 },
        { title: "International expansion", minutes: 40 },
      ],
    },
    {
      title: "Building the brand",
      lessons: [
        { title: "Positioning and brand guidelines", minutes: 40 },
        { title: "Email, social and community", minutes: 40 },
        { title: "Customer lifetime value and retention", minutes: 40 },
      ],
    },
    {
      title: "Your first hires and agencies",
      lessons: [
        { title: "What to hire, outsource or keep", minutes: 40 },
        { title: "Hiring your first operations lead", minutes: 40 },
        { title: "Managing agencies and freelancers", minutes: 40 },
      ],
    },
    {
      title: "Systems and numbers",
      lessons: [
        { title: "The weekly dashboard", minutes: 40 },
        { title: "Profit and loss by product and channel", minutes: 40 },
        { title: "Operating procedures that scale", minutes: 40 },
      ],
    },
    {
      title: "Licensing and partnerships",
      lessons: [
        { title: "Licensing your brand or patents", minutes: 40 },
        { title: "Co-branding and retail exclusives", minutes: 40 },
        { title: "Negotiating partnership terms", minutes: 40 },
      ],
    },
    {
      title: "Building a brand someone will buy",
      lessons: [
        { title: "What acquirers pay for", minutes: 40 },
        { title: "Getting your books and IP ready", minutes: 40 },
        { title: "Exit options and your next chapter", minutes: 40 },
      ],
    },
  ],
};
