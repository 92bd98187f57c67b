import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Deep relative paths hide which layer an import reaches into. */
const deepRelative = [{ group: ['../../*'], message: 'Import through #app/* or #db/* instead of deep relative paths.' }]

/**
 * The database handles that bypass the tenant fence or the request's context (ADR 027, 078):
 * use-cases get theirs from the context they are handed.
 */
const systemHandles = ['#app/lib/db.server', './db.server'].map((name) => ({
  name,
  importNames: ['withSystem', 'getDb', 'getPool'],
  message:
    'Use the handles of the context you are given; the system handles are for the access module, migrations, the seed and the named sweeps (eslint.config.js).',
}))

/** Where the system handles are allowed: the access module, the database layer and the named sweeps. */
const systemHandleAllowList = ['app/access/**', 'app/lib/db.server.ts', 'db/**', 'server/demo/**', 'bench/**']

/**
 * The platform's shared machinery and named sweeps that hold a system handle of their own, each for
 * a reason no context covers (ADR 085). Ten at most: anything else takes the handles of the context
 * it is handed.
 */
const systemHandleNamed = [
  // The audit trail: every actor's actions, appended whatever the caller's fence (ADR 027).
  'app/features/audit/server/record-audit-event.server.ts',
  // Fans' raw events: buffered in memory and copied in, many companies per batch, into monthly partitions.
  'app/features/analytics/server/event-buffer.server.ts',
  'app/features/analytics/server/event-partitions.server.ts',
  // The day's salt of fans' anonymous ids: one row for the whole platform.
  'app/features/analytics/server/visitor-id.server.ts',
  // The built-in payment provider stands in for Stripe's servers: its records are its own, not a company's.
  'app/features/billing/server/test-provider.server.ts',
  // pg-boss's own pool and the queue's depth.
  'app/jobs/queue.server.ts',
  // The dev outbox (mail kept when no SMTP server is configured).
  'app/lib/mail.server.ts',
  // Rate-limit counters, read before anyone is known.
  'app/lib/rate-limit.server.ts',
  // The page cache's LISTEN connection (what fans see changed) and tus uploads' advisory locks.
  'server/public-page-cache.ts',
  'server/upload-locker.ts',
]

/** The project's own rules. */
const afterglow = {
  rules: {
    'imports-first': {
      meta: { type: 'layout', docs: { description: 'Every import comes before the module’s first statement.' } },
      create(context) {
        return {
          Program(program) {
            let code = null
            for (const statement of program.body) {
              if (statement.type !== 'ImportDeclaration') {
                // Re-exports read as part of the imports.
                if (!(statement.type === 'ExportNamedDeclaration' && !statement.declaration)) code ??= statement
                continue
              }
              if (code)
                context.report({ node: statement, message: 'Imports come first: move it above the module’s code.' })
            }
          },
        }
      },
    },
  },
}

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.builds/**',
      '.react-router/**',
      'node_modules/**',
      '.data/**',
      '.test-data/**',
      'db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
    plugins: { 'react-hooks': reactHooks, afterglow },
    rules: {
      // The two rules of hooks. Version 7's recommended set adds the React Compiler's rules, which
      // this code base has not been brought to yet (ADR 096).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'afterglow/imports-first': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: systemHandles, patterns: deepRelative }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: [...systemHandleAllowList, ...systemHandleNamed],
    rules: { 'no-restricted-imports': ['error', { patterns: deepRelative }] },
  },
  {
    // Use-cases take a context and their input: HTTP belongs to the adapters (server/, app/routes, app/access).
    files: ['app/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Request', message: 'A use-case takes what it needs of the request, read by its route (ADR 081).' },
        { name: 'Response', message: 'A use-case returns data or throws AppError; its route answers (ADR 081).' },
      ],
      '@typescript-eslint/no-restricted-types': [
        'error',
        {
          types: {
            Request: 'A use-case takes what it needs of the request, read by its route (ADR 081).',
            Response: 'A use-case returns data or throws AppError; its route answers (ADR 081).',
          },
        },
      ],
    },
  },
  {
    // A request meets its permission once, in the use-case that declares it (ADR 097).
    files: ['app/routes/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='withActor'] > ObjectExpression > Property[key.name='permission'][value.type='Literal']",
          message:
            "A route asks for a member; the use-case declares the permission (needs(), ADR 097). A form-only page names the use-case's need: permission: createEvent.need.",
        },
        {
          selector: "CallExpression[callee.name='requireMember'][arguments.length>1]",
          message: 'The use-case checks the permission (needs(), ADR 097).',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-imports': 'off' },
  },
)
