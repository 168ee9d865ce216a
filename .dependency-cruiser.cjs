// The codebase's boundary rules (docs/architecture.md#the-rules-npm-test-enforces), checked by
// `npm run check:boundaries`, the first step of `npm test`. Tests may reach across features to set
// up a world; product code may not.
const TEST = '\\.(test|faults\\.test)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-features-are-independent',
      comment: 'A server feature imports no other feature, except the shared kernel features/shops.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^apps/server/src/features/', pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/shops/'] },
    },
    {
      name: 'intake-routes-do-not-reach-the-queue',
      comment:
        "Intake's routes call intake's own service; the tus endpoint (POST, HEAD, PATCH, DELETE) and its files never reach the staff queue's service (docs/architecture.md#the-job-pipeline).",
      severity: 'error',
      from: { path: ['^apps/server/src/features/intake/routes\\.ts$', '^apps/server/src/features/intake/resumable[^/]*\\.ts$'] },
      to: { path: '^apps/server/src/features/jobs/service\\.ts$' },
    },
    {
      name: 'services-know-no-http-or-sql',
      comment:
        'A service holds rules: it imports neither fastify nor drizzle-orm nor the table definitions (HTTP lives in routes.ts, SQL in repo.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/features/[^/]+/service\\.ts$' },
      to: { path: ['node_modules/(fastify|@fastify/[^/]+|drizzle-orm)/', '^apps/server/src/db/schema\\.ts$'] },
    },
    {
      name: 'routes-run-no-sql',
      comment: 'A routes.ts file speaks HTTP and calls its service; it holds no database handle and no SQL.',
      severity: 'error',
      from: { path: '^apps/server/src/features/[^/]+/routes\\.ts$' },
      to: { path: ['node_modules/drizzle-orm/', '^apps/server/src/db/'] },
    },
    {
      name: 'product-code-imports-no-test-support',
      comment: 'Nothing under apps/server/src that is not a test imports from apps/server/test, so the build holds no test code.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: TEST },
      to: { path: '^apps/server/test/' },
    },
    {
      name: 'web-features-are-independent',
      comment: 'A web feature imports no other feature: what several use lives in app/, api/, components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-do-not-import-the-shell',
      comment:
        'The shell (app/: routes, layouts, guards) imports pages, never the other way: what a page needs of the signed-in user is in session/, shared widgets in components/.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|session|api|components|lib|content)/', pathNot: TEST },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circles: a module that needs another one back shares a third instead.',
      severity: 'error',
      from: { path: '^apps/(web|server)/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // Type-only imports count: a FastifyRequest in a service signature is HTTP in a service.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.d.ts'],
    },
  },
};
