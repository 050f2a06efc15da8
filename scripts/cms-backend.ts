import type { CmsBackend } from "../site/admin/cms-config";

/**
 * Where the editor saves, read when the admin page is built. Production: a git host, with the
 * editorial workflow (drafts become pull/merge requests an attorney reviews); publishing merges,
 * and the repository's CI builds and deploys (README, "Editing content"). Development and the
 * firm's own machine: `npm run cms` runs decap-server on loopback, which writes the working tree.
 */
export function cmsBackend(env: NodeJS.ProcessEnv = process.env): CmsBackend {
  const name = env.CMS_BACKEND ?? "github";
  return {
    name,
    repo: env.CMS_REPO ?? "your-organisation/lfh-immigration-site",
    branch: env.CMS_BRANCH ?? "main",
    ...(env.CMS_BASE_URL ? { base_url: env.CMS_BASE_URL } : {}),
    ...(env.CMS_API_ROOT ? { api_root: env.CMS_API_ROOT } : {}),
  };
}

/** The local backend's address: decap-server on loopback (`npm run cms`); off with CMS_LOCAL_BACKEND=off. */
export function cmsLocalBackend(env: NodeJS.ProcessEnv = process.env): boolean | { url: string } {
  if (env.CMS_LOCAL_BACKEND === "off") return false;
  return { url: `http://127.0.0.1:${env.CMS_LOCAL_PORT ?? "8081"}/api/v1` };
}

/** Where the git hosts' APIs are when the backend names none (Decap's own defaults). */
const defaultApiRoots: Record<string, string> = {
  github: "https://api.github.com",
  gitlab: "https://gitlab.com/api/v4",
  bitbucket: "https://api.bitbucket.org/2.0",
};

/**
 * The origins the editor's script talks to for `backend` (its git host's API; git-gateway is on
 * the site's own origin): /admin's connect-src lists these and nothing else on https.
 */
export function cmsApiOrigins(backend: CmsBackend): string[] {
  const root = backend.api_root ?? defaultApiRoots[backend.name];
  return root ? [new URL(root).origin] : [];
}
