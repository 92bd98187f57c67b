import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './app-process'
import { sleep } from './wait'

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export type Nginx = { url: string; stop: () => Promise<void>; logs: () => Promise<string> }

/**
 * Debian's nginx, run unprivileged on `port` (a free one if not given) in front of `upstreams` (round robin) with the settings
 * docs/architecture.md gives for several app nodes. Each answer says which node served it
 * (`X-Afterglow-Node`), so a test can tell where its requests went.
 */
export async function startNginx(upstreams: string[], port?: number): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error(
      `nginx is needed at ${NGINX} (Debian: apt-get install nginx, or set NGINX_PATH); npm test installs it when it can.`,
    )
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-nginx-'))
  const listen = port ?? (await freePort())
  const config = `
daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${work}/access.log;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream afterglow {
    ${upstreams.map((upstream) => `server ${upstream};`).join('\n    ')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 0;
    location / {
      proxy_pass http://afterglow;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
      add_header X-Afterglow-Node $upstream_addr always;
    }
  }
}
`
  await fs.writeFile(path.join(work, 'nginx.conf'), config)
  let output = ''
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', work, '-c', path.join(work, 'nginx.conf'), '-e', path.join(work, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${listen}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `nginx exited: ${output}\n${await fs.readFile(path.join(work, 'error.log'), 'utf8').catch(() => '')}`,
      )
    const answer = await fetch(`${url}/api/health`).catch(() => null)
    if (answer?.status === 200) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`nginx did not answer: ${output}`)
    }
    await sleep(100)
  }
  return {
    url,
    logs: async () => `${output}${await fs.readFile(path.join(work, 'error.log'), 'utf8').catch(() => '')}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT')
      await exited
      await fs.rm(work, { recursive: true, force: true })
    },
  }
}
