// The production proxy in front of a Node app, for the browser tests: nginx with the shipped
// deploy/nginx configuration (its maps, limits, locations) and this build's generated headers,
// on a loopback port. Only the outer frame is the test's: where it listens, where the app is,
// where it writes, and one test-only header (X-Test-Client) that stands for the client's address,
// so that one machine can be many clients, IPv6 ones included. The main-context and events
// settings are the shipped ones too (deploy/nginx/lfh-main.conf, lfh-events.conf), with one worker.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningProxy {
  url: string;
  /** With `tls`: the self-signed certificate the HTTPS server presents (PEM), for a client to trust. */
  ca?: string;
  /** With `tls`: the plain-HTTP server of deploy/nginx/lfh-redirect.conf. */
  httpUrl?: string;
  /**
   * Has nginx read its configuration again (`nginx -s reload`): new workers, no connection dropped.
   * Resolves once the workers that answered before have left: each closes its idle kept-alive
   * connections as it goes, and a request sent on one just then fails (a browser sends it again on
   * a new connection; a test's fetch does not), so the next request waits for that to be over.
   */
  reload(): Promise<void>;
  close(): Promise<void>;
}

const nginxBinary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export async function startProxy(options: {
  port: number;
  appPort: number;
  clientDir: string;
  /** The build whose generated headers and redirects nginx reads (build/nginx); default "build". */
  buildDir?: string;
  /**
   * HTTPS on `port` with a self-signed certificate for 127.0.0.1 (as certbot's would be for the
   * site's name), and the shipped plain-HTTP server (its redirect to HTTPS) on `httpPort`.
   */
  tls?: { httpPort: number };
}): Promise<RunningProxy> {
  const dir = mkdtempSync(join(tmpdir(), "lfh-nginx-"));
  // `lfh` stands for the app's folder, as /etc/nginx/lfh does: its deploy/ and the chosen build.
  mkdirSync(join(dir, "lfh"));
  symlinkSync(join(process.cwd(), "deploy"), join(dir, "lfh", "deploy"));
  symlinkSync(join(process.cwd(), options.buildDir ?? "build"), join(dir, "lfh", "build"));
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, temp));
  const tls = options.tls;
  if (tls)
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ]),
      { stdio: "ignore" },
    );
  // The shipped HTTPS settings of lfh.conf are the certificate's and the protocols'; the test
  // names its own certificate, and the plain-HTTP server is the shipped one.
  const listen = tls
    ? `listen 127.0.0.1:${options.port} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;`
    : `listen 127.0.0.1:${options.port};`;
  const redirectServer = tls
    ? `server {
    listen 127.0.0.1:${tls.httpPort};
    include lfh/deploy/nginx/lfh-redirect.conf;
  }`
    : "";
  const conf = `
${process.getuid?.() === 0 ? "user root root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
include lfh/deploy/nginx/lfh-main.conf;
events { include lfh/deploy/nginx/lfh-events.conf; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  include lfh/deploy/nginx/lfh-http.conf;
  include lfh/build/nginx/lfh-maps.conf;
  upstream lfh_app {
    server 127.0.0.1:${options.appPort};
    keepalive 8;
  }
  server {
    ${listen}
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Test-Client;
    root ${options.clientDir};
    include lfh/deploy/nginx/lfh-server.conf;
  }
  ${redirectServer}
}
`;
  writeFileSync(join(dir, "nginx.conf"), conf);
  const child: ChildProcess = spawn(
    nginxBinary,
    ["-p", `${dir}/`, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const url = `${tls ? "https" : "http"}://127.0.0.1:${options.port}`;
  const httpUrl = tls ? `http://127.0.0.1:${tls.httpPort}` : undefined;
  // Up once a file is served (or, with TLS, the plain-HTTP server redirects: both start together).
  const probe = httpUrl ? `${httpUrl}/robots.txt` : `${url}/robots.txt`;
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  for (let attempt = 0; ; attempt++) {
    // Started (or failed, as when the port is taken) before anything is asked of the port.
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (child.exitCode !== null || attempt > 100)
      throw new Error(`nginx did not start: ${readFileSync(join(dir, "error.log"), "utf8").slice(-2000)}`);
    const up = await fetch(probe, { redirect: "manual" }).then(
      (response) => response.ok || (httpUrl !== undefined && response.status === 301),
      () => false,
    );
    if (up) break;
  }
  return {
    url,
    ...(tls ? { ca: readFileSync(join(dir, "cert.pem"), "utf8"), httpUrl } : {}),
    async reload() {
      const workers = () =>
        execFileSync("ps", ["--ppid", String(child.pid), "-o", "pid="], { encoding: "utf8" })
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
      const before = workers();
      child.kill("SIGHUP");
      while (workers().some((pid) => before.includes(pid))) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async close() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
