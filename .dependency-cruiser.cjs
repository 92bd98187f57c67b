/**
 * The layers and the imports allowed between them (ADR 078). An arrow only points down:
 *
 *   server/, app/routes/, app/root.tsx   HTTP adapters
 *   app/access/                          who is calling → one context
 *   app/features/<domain>/               what the product is about
 *   app/jobs/                            job definitions (id, payload, options); handlers loaded lazily
 *   app/lib/, app/components/            domain-free helpers and UI primitives
 *   db/                                  schema, migrations, the value lists the columns hold
 *
 * Run by `npm run lint`, which fails on any violation (the last ones present when the rules
 * landed were mended: ADR 085).
 */
const runtime = { dependencyTypesNot: ['type-only', 'type-import'] }

module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      severity: 'error',
      comment: 'Modules that import each other at run time load in an order that depends on who asked first.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] } },
    },
    {
      name: 'db-below-app',
      severity: 'error',
      comment: 'The schema, migrations and seed know tables, never the app above them.',
      from: { path: '^db/' },
      to: { path: '^app/' },
    },
    {
      name: 'lib-below-features',
      severity: 'error',
      comment:
        'app/lib and app/components hold domain-free code: never a feature, the access module, a job or a route.',
      from: { path: '^app/(lib|components)/' },
      to: { path: '^app/(features|access|routes|jobs)/' },
    },
    {
      name: 'nothing-imports-routes',
      severity: 'error',
      comment: 'Routes and the server call the layers below; nothing below calls them.',
      from: { path: '^app/(features|access|lib|components|jobs)/' },
      to: { path: '^(app/routes/|app/routes\\.ts$|app/root\\.tsx$|server/)' },
    },
    {
      name: 'features-receive-their-context',
      severity: 'error',
      comment:
        "Only app/access knows sessions, keys and the operator: a feature is handed its context. It may use context.ts, the context's shape and what an actor may do.",
      from: { path: '^app/features/' },
      to: { path: '^app/access/', pathNot: '^app/access/context\\.ts$', ...runtime },
    },
    {
      name: 'jobs-load-handlers-lazily',
      severity: 'error',
      comment: 'Queueing a job imports its definition only: a definition loads its handler with import() when it runs.',
      from: { path: '^app/jobs/' },
      to: { path: '^app/features/', ...runtime, dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '^(node_modules|build|\\.builds|\\.react-router|\\.data|\\.test-data|\\.bench-data|db/migrations)/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
}
