import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // Parallel checkouts (and test runs) may build elsewhere; the server reads the same variable.
  buildDirectory: process.env.AFTERGLOW_BUILD_DIR || 'build',
} satisfies Config
