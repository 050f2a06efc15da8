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
