// Uploads: whether an upload may proceed, reading a form's body and a resume's bytes (off the
// event loop, in the upload workers), and where a resume's file is kept.
export { createPostLoad, createUploadGate, type InProgressBounds } from "./upload-gate";
export { BodyError, bodyLimits, ownBytes, parseFormData, type ParsedBody } from "./form-data";
export { Exhausted, inWorker } from "./upload-workers";
export { checkResume } from "./resume-check";
export {
  createResumeBudget,
  keepResume,
  readResumeFile,
  readStoredResume,
  ResumeStorageFullError,
  type ResumeBudget,
} from "./resume-files";
