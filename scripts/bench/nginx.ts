// nginx from Debian in front of several dashboards, for the parts that measure more than one
// (5. members per core, 9. instances).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sleep } from "./shared";

/** nginx from Debian, round robin over `ports`, on loopback; stopped when `use` ends. */
export async function withNginx<T>(port: number, ports: number[], use: (base: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-nginx-"));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t};`).join("\n  ");
  await writeFile(
    `${dir}/nginx.conf`,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp}
  upstream dashboard {
    ${ports.map((p) => `server 127.0.0.1:${p};`).join("\n    ")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://dashboard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const nginx: ChildProcess = spawn("nginx", ["-c", `${dir}/nginx.conf`, "-p", dir, "-e", `${dir}/error.log`], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/sign-in`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 60) throw new Error("nginx did not start");
      await sleep(250);
    }
    return await use(base);
  } finally {
    nginx.kill("SIGQUIT");
    await sleep(500);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
