import { describe, expect, it } from "vitest";
import { cmsApiOrigins, cmsBackend } from "../scripts/cms-backend";
import { adminCsp } from "./security";

const connectSources = (csp: string) =>
  csp
    .split("; ")
    .find((directive) => directive.startsWith("connect-src "))!
    .split(" ")
    .slice(1);

describe("the editor's policy", () => {
  it("connects to the git host's API it was built for and to no other https origin", () => {
    const github = connectSources(adminCsp(8081, cmsApiOrigins(cmsBackend({}))));
    expect(github).toEqual(["'self'", "http://127.0.0.1:8081", "http://localhost:8081", "https://api.github.com"]);
    const gitlab = connectSources(
      adminCsp(
        8081,
        cmsApiOrigins(cmsBackend({ CMS_BACKEND: "gitlab", CMS_API_ROOT: "https://git.lfh.example/api/v4" })),
      ),
    );
    expect(gitlab).toContain("https://git.lfh.example");
    expect(gitlab).not.toContain("https:");
    expect(connectSources(adminCsp(8081, cmsApiOrigins(cmsBackend({ CMS_BACKEND: "git-gateway" }))))).toEqual([
      "'self'",
      "http://127.0.0.1:8081",
      "http://localhost:8081",
    ]);
  });
});
