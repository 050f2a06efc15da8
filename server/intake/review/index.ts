// Review: leads the captcha could not vouch for, held until a person releases or discards them.
export { boundReviewQueue, discardFromReview, releaseFromReview, reviewQueue, sendReviewDigest } from "./review";
