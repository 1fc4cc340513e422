import { defineConfig } from 'vitest/config'

// Conformance files run twice, like moto's ServerMode: once through the exported MSW handlers
// in-process, once against the standalone server over real HTTP (test/support/harness.ts); a
// named subset runs a third time over https (`serve --https`, docs/standalone-server.md).
const conformance = (transport: 'msw' | 'http' | 'https', include = ['test/conformance/**/*.test.ts']) => ({
  extends: true as const,
  test: { name: `conformance-${transport}`, include, provide: { transport } },
})

/** One file or two per area: what https changes is the transport, not the API behind it. */
const HTTPS_SUBSET = [
  'test/conformance/management/me.test.ts',
  'test/conformance/management/workspaces.test.ts',
  'test/conformance/credentials/credentials.test.ts',
  'test/conformance/control/ca-certificate.test.ts',
  'test/conformance/control/inspector-files.test.ts',
  'test/conformance/gateway/routing.test.ts',
  'test/conformance/replica/records.test.ts',
  'test/conformance/replica/query.test.ts',
  'test/conformance/replica/bulk-ingest.test.ts',
  'test/conformance/replica/oauth.test.ts',
  'test/conformance/replica/soap-login.test.ts',
]

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      // pure modules beside the code, the test support's own (the recordings' shape comparer) and
      // the formula corpus of real projects (test/corpus): no server
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/support/**/*.test.ts', 'test/corpus/**/*.test.ts'],
        },
      },
      conformance('msw'),
      conformance('http'),
      conformance('https', HTTPS_SUBSET),
      { extends: true, test: { name: 'cli', include: ['test/cli/**/*.test.ts'] } },
      { extends: true, test: { name: 'openapi', include: ['test/openapi/**/*.test.ts'] } },
      // a real browser on a loaded CI machine can take longer than expect.poll's default 1 s to redraw
      {
        extends: true,
        test: {
          name: 'clients',
          include: ['test/clients/**/*.test.ts'],
          expect: { poll: { timeout: 10_000 } },
        },
      },
      { extends: true, test: { name: 'plugins', include: ['test/plugins/**/*.test.ts'] } },
      // property-based fuzzing of every endpoint (issue 15): a short seeded pass here, `npm run fuzz` for the full one
      {
        extends: true,
        test: { name: 'fuzz', include: ['test/fuzz/**/*.fuzz.test.ts'], testTimeout: 30 * 60_000 },
      },
      // type tests of the public API (STYLE.md): checked by tsc, never executed
      {
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: { enabled: true, only: true, include: ['test/types/**/*.test-d.ts'] },
        },
      },
    ],
  },
})
