// The forms: the one accept path every form takes, the site's forms, and how accepted leads are stored.
export { type AcceptDependencies, busyRetryAfterSeconds, createAcceptPath, resultPageCsp } from "./accept";
export { careersForm } from "./careers";
export { createGroupCommit } from "./group-commit";
export { leadForm } from "./leads";
export { refererPage, refusalText, resultPage } from "./result-page";
export { isSpamStatus, spamRows, spamStatuses } from "./spam-bounds";
