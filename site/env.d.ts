/// <reference types="vite/client" />

/** Build-time settings the browser code reads (set in the environment of `npm run build`). */
interface ImportMetaEnv {
  /** The intake API's origin when the pages are served from a static host elsewhere. */
  readonly VITE_API_ORIGIN?: string;
}
