// The upload worker's thread where the server runs from its TypeScript source (tests, `tsx`
// scripts): tsx first, then the worker's source. The built server runs build/node/upload-worker.mjs.
import { register } from "tsx/esm/api";

register();
export default (await import("./upload-worker.ts")).default;
