import { defineConfig } from 'vitest/config'

// Conformance files run twice, like moto's ServerMode: once through the exported MSW handlers
// in-process, once against the standalone server over real HTTP (test/support/harness.ts).
const conformance = (transport: 'msw' | 'http') => ({
  extends: true as const,
  test: {
    name: `conformance-${transport}`,
    include: ['test/conformance/**/*.test.ts'],
    provide: { transport },
  },
})

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      conformance('msw'),
      conformance('http'),
      { extends: true, test: { name: 'cli', include: ['test/cli/**/*.test.ts'] } },
      { extends: true, test: { name: 'openapi', include: ['test/openapi/**/*.test.ts'] } },
      { extends: true, test: { name: 'clients', include: ['test/clients/**/*.test.ts'] } },
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
