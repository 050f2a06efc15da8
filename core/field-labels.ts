/** Plain words for the fields whose names are developer shorthand. */
export const fieldLabels: Record<string, string> = {
  h1: "Page heading",
  published: "Publication date",
  slug: "Web address",
  previousSlugs: "Previous web addresses",
  analyticsId: "Analytics ID",
  videoApiKey: "Video API key",
  videoChannelId: "Video channel ID",
  recaptchaSiteKey: "reCAPTCHA site key",
  isHQ: "Principal office",
  employmentType: "Employment type",
  per: "Paid",
  min: "From (US dollars)",
  max: "To (US dollars)",
  q: "Question",
  a: "Answer",
  id: "Reference name",
  url: "Link",
  bookingUrl: "Booking link",
  paymentUrl: "Payment link",
  cardPaymentUrl: "Card payment link",
  defaultSiteUrl: "Site address",
  photoAlt: "Photo description (read aloud to blind visitors)",
  titleEs: "Title in Spanish",
  claimEs: "Claim in Spanish",
  whenEs: "When, in Spanish",
  en: "English",
  es: "Spanish",
  faqs: "Questions and answers",
  linkedin: "LinkedIn",
  youtube: "YouTube",
};

/** A field's label in the editor and in the build's messages: plain words, or its name as words. */
export function fieldLabel(name: string): string {
  const plain = fieldLabels[name];
  if (plain) return plain;
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
