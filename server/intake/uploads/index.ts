// Uploads: whether an upload may proceed, what a resume's bytes are, and where its file is kept.
export { createPostLoad, createUploadGate, type InProgressBounds } from "./upload-gate";
export { checkResume } from "./resume-check";
export {
  createResumeBudget,
  keepResume,
  readResumeFile,
  readStoredResume,
  ResumeStorageFullError,
} from "./resume-files";
