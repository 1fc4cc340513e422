import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'server/index': 'src/server/index.ts',
    'server/cli': 'src/server/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', 'server/index': 'src/server/index.ts' } },
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // msw is a peer dependency: the user's copy must be the one that intercepts
  external: ['msw', 'msw/node'],
})
