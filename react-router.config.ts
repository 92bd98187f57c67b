import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // Parallel checkouts (and test runs) may build elsewhere; the server reads the same variable.
  buildDirectory: process.env.AFTERGLOW_BUILD_DIR || 'build',
  // React Router 8's behaviours, each decided: not yet. Middleware would change the load context
  // the Express server hands over; the others change how the build and data requests work, and
  // each wants its own tested move. Naming them keeps the build's output to real warnings.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // The server build imports its packages by name (ADR 002). Outside the project no parent folder
  // holds them, so such a build gets a link to the project's node_modules.
  buildEnd({ reactRouterConfig, viteConfig }) {
    const fromProject = path.relative(viteConfig.root, reactRouterConfig.buildDirectory)
    if (!fromProject.startsWith('..') && !path.isAbsolute(fromProject)) return
    const link = path.join(reactRouterConfig.buildDirectory, 'node_modules')
    fs.rmSync(link, { force: true })
    fs.symlinkSync(path.join(viteConfig.root, 'node_modules'), link, 'dir')
  },
} satisfies Config
