import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Integration tests that start and stop servers of their own (their own PostgreSQL or database,
 * their own app processes, nginx) and touch nothing of the shared app under test: most of their
 * time is spent waiting on those servers (starts, a lease to lapse, the demo's photos), so on a
 * PostgreSQL server they run beside the shared suite instead of in its queue.
 */
const OWN_SERVERS = [
  'tests/integration/server-lifecycle.test.ts',
  'tests/integration/worker-killed-mid-job.test.ts',
  'tests/integration/two-nodes.test.ts',
]

// Separate from vite.config.ts: tests run without the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/deploy/**/*.test.ts',
          ],
          environment: 'node',
          // Every core: vitest keeps one free by default, which on a 2-core machine runs the files
          // one after the other while nothing else runs beside them (npm test runs them alone).
          maxWorkers: availableParallelism(),
          // Each worker imports the app's modules once, not once per file: most of the suite's
          // time was imports. The files that mock a module (vi.mock) pass before and after the
          // others (checked with --sequence.shuffle.files and two seeds).
          isolate: false,
          // vitest's 5 s default is a measure of the machine, not of the code: on a shared 2-core
          // machine (another suite beside, load ~10) a test that draws a QR code took longer. The
          // tests that do CPU-bound work (sharp, QR codes, child processes) say so with their own.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: OWN_SERVERS,
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/worker-setup.ts'],
          fileParallelism: false,
          // One worker runs every file in turn; importing the app's modules once, not per file,
          // saves two seconds a file. Tests share no module state but the pool to the database.
          isolate: false,
          // What a test waits for may take seconds on a loaded 2-core machine (two suites share it).
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'own-servers',
          include: OWN_SERVERS,
          environment: 'node',
          fileParallelism: false,
          isolate: false,
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/worker-setup.ts'],
          fileParallelism: false,
          // As for integration: the app's modules are imported once, not once per file.
          isolate: false,
          // A person's click answered on a loaded 2-core machine: seconds, not vitest's default 1 s.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
