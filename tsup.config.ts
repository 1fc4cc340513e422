import { cpSync } from 'node:fs'
import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'server/index': 'src/server/index.ts',
    'server/cli': 'src/server/cli.ts',
    'plugins/vitest/index': 'plugins/vitest/index.ts',
    // the setup file replicaMock() adds to a project's setupFiles (found beside index.js)
    'plugins/vitest/setup': 'plugins/vitest/setup.ts',
    'plugins/playwright/index': 'plugins/playwright/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: {
    entry: {
      index: 'src/index.ts',
      'server/index': 'src/server/index.ts',
      'plugins/vitest/index': 'plugins/vitest/index.ts',
      'plugins/playwright/index': 'plugins/playwright/index.ts',
    },
  },
  target: 'node20',
  platform: 'node',
  clean: true,
  // no source maps: they were 70% of the package and users get readable, unminified code without
  // them (decision 0047)
  sourcemap: false,
  // the web inspector's page, styles and scripts are plain files the server reads at run time
  // (src/handlers/inspector/inspector-assets.ts finds them beside whichever entry runs)
  onSuccess: async () => {
    cpSync('src/handlers/inspector/inspector-assets', 'dist/inspector-assets', { recursive: true })
  },
  // import.meta.url in the CJS build (the Vitest plugin finds its setup file with it)
  shims: true,
  // bundled (decisions 0046, 0049): @msw/data imports es-toolkit's barrel entries (~550 files,
  // ~300 ms to load), of which it uses five helpers; zod is ~95 files (imported as `* as z`, its
  // locales stay out); hono and @hono/node-server are ~37 small modules Node loads one by one
  noExternal: ['@msw/data', 'es-toolkit', 'zod', 'hono', '@hono/node-server'],
  // peer dependencies: the user's copies must be the ones that run (one msw interceptor, one
  // Vitest runner, one Playwright)
  external: [
    'msw',
    'msw/node',
    'vitest',
    'vitest/config',
    'vitest/node',
    '@playwright/test',
    'playwright-core',
    '@msw/playwright',
  ],
})
