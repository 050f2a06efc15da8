import { firm } from "../firm";
import type { Locale } from "../locales";
import { officeHours } from "../office-hours";

/**
 * The basis of the firm's case-count claim, defined once: Texas advertising rules treat an
 * unexplained "successful cases" figure as misleading, so it always appears with what it counts and
 * the prior-results notice.
 */
const casesBasis = `more than 500 immigration matters approved or granted since ${firm.foundedYear}, counted from the firm’s case records`;
const priorResults = "Prior results do not guarantee a similar outcome.";

/** Added to every "usually within 24 hours" promise: what happens when the office is closed. */
const closedDays =
  "On weekends and holidays we reply on the next business day, and urgent requests (someone detained, a hearing within days) are the first we read.";

/**
 * How a page in another language leads its reader to English, in English (the reader who looks for
 * English reads it), and every language's name as an English sentence names it. The other
 * languages' pages carry it (core/i18n/index.ts).
 */
export const enLanguage: LanguageWords = {
  names: { en: "English", es: "Spanish" },
  invitation: {
    switchLabel: "View this site in English",
    noCounterpart: "This page exists only in {language}. See the closest page in English",
    suggestion: "Prefer to read in English?",
    suggestionAction: "View in English",
    searchOffer: "See in English:",
  },
};

const ui = {
  skipToContent: "Skip to content",
  loading: "Loading...",
  mainNav: "Main",
  home: "Home",
  practiceAreas: "Practice Areas",
  ourFirm: "Our Firm",
  aboutUs: "About Us",
  locations: "Locations",
  faqs: "FAQs",
  lfhTv: "LFH TV",
  blog: "Blog",
  contact: "Contact",
  viewAll: "View all practice areas",
  payments: "PAYMENTS",
  requestInformation: "Request Information",
  callUs: "Call us",
  callNow: "Call now",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  menuTitle: "Menu",
  dismiss: "Dismiss",
  quickExit: "Quick exit",
  quickExitPointer: "Leave this site at once",
  quickExitTouch: "Tap to leave now",
  quickExitKeys: "Or press Esc three times",
  browsingSafely: "Browsing safely",
  quickActions: "Quick actions",
  scrollToTop: "Back to top",
  freeConsultation: "Free consultation",
  callShort: "Call",
  chat: "Chat with us",
  chatApp: "WhatsApp",
  chatOpensApp: "opens WhatsApp",
  chatGreeting: "Hello! I would like information about an immigration consultation.",
  exitTitle: "Before you go: talk to an immigration attorney",
  exitClaims: [
    `${firm.stats.cases} successful cases (${casesBasis}). ${priorResults}`,
    `Response usually within 24 hours. ${closedDays}`,
    "Free consultation, at no cost or obligation",
  ],
  casesBasis,
  priorResults,
  exitCall: "Consultation line",
  exitPhoneNote: `Our consultation line reaches the same team as our main number, ${firm.phone}.`,
  close: "Close",
  footerClaim:
    "Immigration attorneys serving families, workers and employers across Texas, in English and Spanish, for 15+ years.",
  responsibleAttorney: "Attorney responsible for this website",
  principalOffice: "Principal office",
  byAppointment: "by appointment",
  scheduleConsultation: "Schedule Consultation",
  quickLinks: "Quick links",
  featuredPractice: "Featured practice areas",
  contactUs: "Contact us",
  followUs: "Follow us",
  legal: "Legal",
  areasWeServe: "Areas We Serve",
  joinOurTeam: "Join Our Team",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  disclaimer: "Legal Disclaimer",
  accessibility: "Accessibility",
  notarioFraud: "Avoid notario fraud",
  paymentsLink: "Payments",
  governmentFees: "Government filing fees",
  copyright: "All rights reserved.",
  agencyCredit: "Website by",
  attorneyAdvertising: "Attorney advertising. Prior results do not guarantee a similar outcome.",
  notFoundTitle: "Page not found",
  notFoundMessage: "The page you're looking for doesn't exist or has been moved.",
  notFoundPracticeLink: "See all practice areas",
  notFoundDescription: "This page could not be found. Find our practice areas, offices and contact details.",
  opensInNewTab: "(opens in a new tab)",
  howWeHelp: "How we can help",
  learnMore: "Learn more",
  mainOffice: "Main office",
  directions: "Get directions",
  hours: "Monday to Friday, 9:00 a.m. to 6:00 p.m., by appointment",
  hoursLabel: "Hours",
  phoneLabel: "Phone",
  addressLabel: "Address",
  nearestOffice: "Nearest office",
  onThisPage: "On this page",
  minRead: "min read",
  publishedOn: "Published",
  updatedOn: "Updated",
  topicFilter: "Show articles about",
  allTopics: "All topics",
  reviewedOn: "Reviewed",
  by: "By",
  relatedArticles: "Related reading",
  relatedPages: "Related practice areas",
  formsInvolved: "Forms involved",
  lastReviewed: "Facts reviewed on",
  reviewedBy: "Reviewed by",
  searchSite: "Search the site",
  searchOpen: "Search",
  searchTitle: "Search the site",
  searchClose: "Close search",
  searchPlaceholder: "Search by topic, visa or form",
  searchButton: "Search",
  searchResult: "result for",
  searchResults: "results for",
  searchResultsLabel: "Search results",
  searching: "Searching…",
  searchFailed: "Search is not available right now. Please try again, or call us.",
  searchNoResults: "No page matches your search. Try another word, or contact us with your question.",
  searchTyped: "You typed",
  education: "Education",
  barAdmissions: "Bar admissions",
  languages: "Languages",
  focusAreas: "Focus areas",
  ourAttorneys: "Our attorneys",
  postedOn: "Posted",
  department: "Department",
  location: "Location",
  employmentType: "Employment type",
  bilingualRequired: "Bilingual (English and Spanish) required",
  responsibilities: "Responsibilities",
  requirements: "Requirements",
  benefits: "Benefits",
  openPositions: "Open positions",
  pay: "Pay",
  payPer: { HOUR: "an hour", YEAR: "a year" },
  applyNow: "Apply now",
  bookingTitle: "Choose a time for your consultation",
  bookingLoad: "Show the booking calendar",
  bookingNotice: "Pick a day and time that suit you, at one of our offices or by video.",
  bookingDirect: "Open the booking calendar in a new tab",
  payNow: "Make a secure payment",
  payCard: "Pay by card",
  playVideo: "Play video",
  watchOnYouTube: "Watch on YouTube",
  videoNotice: "To protect your privacy, the YouTube player opens only when you press play.",
  downloadWorkbook: "Download the workbook (PDF)",
  allPages: "All pages",
  sitemapSections: {
    main: "Main pages",
    practice: "Practice areas",
    firm: "Our firm",
    blog: "Blog",
    cities: "Cities we serve",
    legal: "Legal",
  },
  generalInfo:
    "This page is general information, not legal advice. Every case is different: schedule a consultation to talk about yours.",
  employmentTypes: { FULL_TIME: "Full time", PART_TIME: "Part time", CONTRACTOR: "Contractor", INTERN: "Internship" },
  breadcrumb: "Breadcrumb",
  toastSent: "Request sent",
  effective: "Effective date",
  lastUpdated: "Last updated",
  trustLabel: "About the firm",
  trustSince: "Serving Texas since",
  trustBar: "Attorneys licensed by the State Bar of Texas",
  trustLanguages: "Consultations in English and Spanish",
  trustOffices: "Four Texas offices, by appointment",
  trustConsultation: "Free first consultation, no obligation",
  associations: "Memberships",
  reviewsHeading: "What our clients say",
  reviewsDisclaimer:
    "Reviews are shared with our clients' permission and describe their own experience. Every case is different, and prior results do not guarantee a similar outcome.",
  reviewOn: "on",
  ratingOutOf: "out of 5 stars",
  pageGuide: "Page guide",
  noticeLabel: "Notice",
  profileLabel: "Attorney profile",
  meetAttorneys: "Meet your attorneys",
  viewProfile: "View profile",
  seeAlso: "See also",
  paymentOptions: "Two ways to pay",
  paymentWhich:
    "Not sure which? Use \u201cMake a secure payment\u201d: it takes every kind of payment. The card form is only a shortcut for one payment by card.",
  payNowHint:
    "For invoices, retainers and payment-plan installments. You enter the name on your case and the amount on our payment provider’s secure page.",
  payCardHint: "A short form for a one-time payment with a credit or debit card.",
  reachUs: "Talk to us today",
  reachUsLead: `Call during office hours or send the form: we usually reply within 24 hours. ${closedDays}`,
  pagesInCategory: "pages",
} as const;

const meta = {
  defaultTitle: "Texas Immigration Lawyers | LFH Immigration Law",
  defaultDescription:
    "Immigration attorneys in The Woodlands, Houston, Katy and Irving, in English and Spanish. Family, employment, citizenship and deportation defense.",
  shareImageAlt:
    "LFH Immigration Law: immigration attorneys in Texas, offices in The Woodlands, Houston, Katy and Irving",
} as const;

const validation = {
  name: "Please enter your full name",
  nameTooLong: "Please shorten your name to 120 characters or fewer",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  office: "Please choose one of our offices",
  message: "Please add some details (at least 10 characters)",
  messageTooLong: "Please shorten your message to 5,000 characters or fewer",
  safeContactTooLong: "Please shorten this to 300 characters or fewer",
  consent: "You must agree to the privacy policy to continue",
  company: "Please leave this field empty",
  topic: "Please choose a topic from the list",
  location: "Please choose an office location",
  linkedin: "Please enter your LinkedIn address, for example linkedin.com/in/your-name",
  coverLetter: "Please tell us a little about yourself (at least 50 characters)",
  resumeName: "Please rename the file to 255 characters or fewer and attach it again",
  resumeType: "Please attach a PDF, DOC or DOCX file",
  resumeSize: "Please attach a file of 5 MB or less",
  resumeContent: "This file does not look like a PDF, DOC or DOCX document. Please attach the document itself",
  resumeActive:
    "This file contains macros, scripts, embedded files or links to outside content. Please save it as a plain PDF or DOCX and attach it again",
  resumeStorageFull:
    "We cannot receive files right now. Please send your application without the resume and email the resume to us",
  characters: "Please remove invisible or control characters from this field",
  invalid: "Please check this field",
} as const;

const consultation = {
  heading: "Free consultation",
  intro: "Tell us about your case. An attorney reviews every request.",
  name: "Full name",
  email: "Email",
  phone: "Phone",
  office: "Preferred office (optional)",
  officeAny: "Any office",
  message: "How can we help?",
  safeContact: "Safe way and time to reach you (optional)",
  safeContactHint:
    "Tell us how and when it is safe to contact you, and whether we may leave a message. For example: \u201cText only, weekdays after 2 p.m. Do not leave a voicemail.\u201d",
  consent: "I agree to the privacy policy and to be contacted about my request.",
  privacyLink: "Read the privacy policy",
  company: "Company (leave empty)",
  submit: "Send request",
  sending: "Sending...",
  success: "Thanks! We'll reach out shortly.",
  nextTitle: "What happens next",
  nextCall: `A member of our intake team calls you from ${firm.phone}, usually within 24 hours. ${closedDays}`,
  /** Instead of the call above when the visitor said how it is safe to reach her: never contradict her. */
  nextSafeContact:
    "Our intake team will contact you only the way you told us is safe: how, when, and whether we may leave a message.",
  nextUrgent: `If someone is detained, or has an immigration court hearing this week, call us now at ${firm.phone} and say so: we see those first.`,
  reference: "Your reference number",
  referenceHint: "Mention it if you call or write to us.",
  error: "Could not submit. Please try again later.",
  noAttorneyClient: "Sending this form does not create an attorney-client relationship.",
  imageAlt: "Illustration: two people talking across a table with papers on it",
} as const;

const information = {
  heading: "Request information",
  intro: `Send us your question: we usually reply within 24 hours. ${closedDays}`,
  topic: "Topic",
  topicAny: "Not sure / other",
  submit: "Send request",
} as const;

const careers = {
  heading: "Apply for this position",
  fullName: "Full name",
  email: "Email",
  phone: "Phone",
  location: "Location preference",
  linkedin: "LinkedIn profile (optional)",
  coverLetter: "Cover letter",
  coverLetterHint: "At least 50 characters: a few sentences about you and why this role.",
  resume: "Resume (optional; PDF, DOC or DOCX, up to 5 MB)",
  consent: "I agree to the privacy policy and to be contacted about my application.",
  submit: "Submit application",
  submitting: "Submitting...",
  successTitle: "Application Submitted!",
  successMessage:
    "Thank you for your interest in joining the firm. We will review your application and contact you if there is a match.",
  errorTitle: "Submission Error",
  errorMessage: "We encountered an issue submitting your application. Please try again or contact us directly.",
  emailUs: "Email us at",
  chooseFile: "Choose a file",
  noFile: "No file chosen",
} as const;

const topics = {
  family: "Family immigration and green cards",
  employment: "Work visas and employment green cards",
  investor: "Investor visas (E-2, EB-5)",
  citizenship: "Citizenship and naturalization",
  "deportation-asylum": "Deportation defense and asylum",
  victims: "Crime victims (U visa, T visa, VAWA)",
  students: "Student and exchange visas",
  humanitarian: "DACA and TPS",
  other: "Something else",
} as const;

/** The fee table: how a page shows an amount, and the government filing fees page. */
const fees = {
  sinceTitle: "{payee} amount since {effective}; verified {verified}",
  inForceTitle: "{payee} amount in force when verified on {verified}",
  payees: {
    uscis: "USCIS",
    state: "State Department",
    court: "Immigration court",
    dhs: "DHS",
    firm: "Our firm's",
  },
  variants: {
    standard: "Standard",
    paper: "Paper",
    online: "Online",
    reduced: "Reduced fee",
    "small-employer": "Small employer (25 or fewer employees)",
    "small-or-nonprofit": "Small employer or nonprofit",
    "large-employer": "More than 25 employees",
    nonprofit: "Nonprofit",
    "with-i-485": "Filed with a pending I-485",
    initial: "First one",
    renewal: "Renewal",
    previous: "Earlier amount",
    proposed: "Proposed, not final",
    minimum: "At least",
    "targeted-area": "Targeted employment area",
    low: "From",
    high: "Up to",
  },
  noFee: "No fee",
  estimatorTitle: "Estimate the government fees of your case",
  estimatorIntro: "Pick a path to see each form, each fee and the total. Open one path, or read them all.",
  pickPath: "Paths",
  form: "Form",
  purpose: "What it is for",
  amount: "Amount",
  since: "Since",
  verified: "Verified",
  required: "Total",
  withOptional: "Total with the items marked optional or if needed",
  allPaths: "Show every path",
  governmentOnly: "Government fees only; ask us about ours.",
  verifiedOn: "Figures verified on {date}.",
  tableTitle: "Every fee the site quotes",
  payeeHeadings: {
    uscis: "USCIS fees",
    state: "State Department fees",
    court: "Immigration court fees",
    dhs: "Other fees set by the 2025 law",
    firm: "Our fees",
  },
  figuresTitle: "Other amounts the site quotes (not fees)",
  source: "Source",
  estimatorLink: "See every fee and the total for this path",
} as const;

/** How a page shows a ledger fact: the date it was last checked at its source, then the claim. */
const facts = {
  asOf: "As of {date}:",
  source: "Source",
} as const;

/** The path for someone detained or with a court hearing within days. */
const urgent = {
  field: "Is someone detained, or is there an immigration court hearing soon? (optional)",
  no: "No",
  detained: "Yes, someone is detained",
  hearing: "Yes, a hearing within 7 days",
  linkTitle: "Someone detained or a hearing this week?",
  linkLead: "What to do now, how to find a detained person, and when our phone is answered.",
  linkAction: "What to do now",
  callTitle: "Call us",
  answered: `We answer the phone ${officeHours("en")} (Central Time).`,
  closed:
    "Outside those hours, on weekends and on holidays, no one answers. Leave a message with your name, your phone number and the detained person’s name, or send the form and answer that someone is detained: urgent requests are the first we read and return when the office opens.",
  sendForm: "Send the form marked urgent",
} as const;

/** A practice page's summary at the top: its heading and the label of each item. */
const glance = {
  title: "At a glance",
  who: "Who it is for",
  fees: "Government fees",
  time: "Typical time",
  risks: "Risks if you are in a hurry",
  next: "Next step",
  more: "More:",
} as const;

const result = {
  receivedTitle: "We received your request",
  receivedBody: `Thank you. A member of our team will contact you shortly. ${closedDays}`,
  receivedSafeContact:
    "Thank you. A member of our team will contact you only the way you told us is safe: how, when, and whether we may leave a message.",
  fixTitle: "Please check your request",
  fixBody: "Some answers need your attention:",
  back: "Go back to the form",
  home: "Back to the home page",
  busy: "We could not save your request just now. Please try again in a few seconds, or call us.",
  storeFull: `We could not save your request because of a problem on our side. Please call us at ${firm.phone}.`,
  refusedTitle: "Your request has not been sent yet",
  notYourFault: "This is not a problem with what you wrote.",
  rateLimited: "Many requests came from your connection in the last minute. Please wait a minute, then send it again.",
  tooLarge:
    "Your request is larger than our form accepts. Please shorten your message or attach a smaller file, then send it again.",
  unsupported: "Your browser sent the form in a way our system could not read. Please send it again from the form.",
  serverError: "Something went wrong on our side. Please try again in a few minutes.",
  callInstead: "Or call us now:",
  keptBack: "What you typed is still in the form: use your browser's Back button to return to it.",
  keptHere: "What you typed is still here.",
  retrying: "We will send it again automatically in {seconds} seconds.",
  retryNow: "Send it again now",
} as const;

/** The sections the islands read: all the browser fetches (site/islands/dictionaries.ts). */
export const enIsland = { ui, validation, consultation, information, careers, topics, urgent, result };

/** English interface strings. The Spanish dictionary must have the same shape (checked by type). */
export const en = { ...enIsland, meta, fees, facts, glance };

type Widen<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : Widen<T[K]>;
};
export type Dictionary = Widen<typeof en>;
/** The sections the islands read (what `enIsland` holds), in every language. */
export type IslandDictionary = Widen<typeof enIsland>;

/** What a page in another language says to lead its reader to this one, in this one's words. */
export interface Invitation {
  /** The language switch's accessible name. */
  switchLabel: string;
  /** The switch's name on a page with no version in this language; `{language}` is the page's language. */
  noCounterpart: string;
  /** The offer of the page in this language, and its link. */
  suggestion: string;
  suggestionAction: string;
  /** Before this language's page offered to a search written in it. */
  searchOffer: string;
}

/** A language's own words for leading a reader to it, and its names for every language. */
export interface LanguageWords {
  names: Record<Locale, string>;
  invitation: Invitation;
}
