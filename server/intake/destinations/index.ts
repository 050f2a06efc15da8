// Destinations: where a lead goes (the inbox email, signed webhooks, Clio Grow) and how each is sent.
export { clioGrowDeliverer } from "./clio-grow";
export { DeliveryError, type Deliverer } from "./deliverer";
export { emailDestination, parseDestinations, type DestinationConfig } from "./destinations";
export { createMailer, emailDeliverer, headerSafe, readMailFile, resealMailDir, type Mailer } from "./mail";
export { resumeDownload } from "./resume-download";
export { urgentNotice } from "./urgent";
export { postSigned, webhookDeliverer, webhookId } from "./webhook";
