/**
 * `scripts/check-package.ts` on small built packages made here: it must name every import the
 * manifest does not cover and every dependency nothing imports, and pass a clean package.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { checkPackage, packageName } from '../../scripts/check-package.js'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function builtPackage(manifest: Record<string, unknown>, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-package-'))
  made.push(root)
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const MANIFEST = { dependencies: { hono: '^4', '@msw/data': '^1' }, peerDependencies: { msw: '^2' } }

it('passes a package importing only its dependencies, peer dependencies and builtins', () => {
  const root = builtPackage(MANIFEST, {
    'dist/index.js': `import { Hono } from "hono";\nimport { http } from "msw";\nimport { readFile } from "node:fs/promises";\nimport "./chunk.js";\nconst later = () => import("hono/cors");\n`,
    'dist/index.cjs': `var data = require("@msw/data");\nvar path = require("path");\n`,
  })
  const { problems, imported } = checkPackage(root)
  expect(problems).toEqual([])
  expect([...imported.keys()].sort()).toEqual(['@msw/data', 'hono', 'msw'])
})

it('names a dev-only import of any kind, with the file, and a dependency nothing imports', () => {
  const root = builtPackage(MANIFEST, {
    'dist/index.js': `import { Hono } from "hono";\nexport { x } from "tsx/esm";\n`,
    'dist/server/cli.cjs': `var ajv = require("ajv/dist/2020");\n`,
    'dist/plugins/setup.mjs': `const msw = await import("msw");\nconst fc = await import("@fast-check/vitest");\n`,
    // text that only looks like an import is not one
    'dist/chunk.js': 'const help = `import x from "not-a-package"`;\n',
  })
  expect(checkPackage(root).problems).toEqual([
    'dist/index.js imports tsx, which is not a dependency or peer dependency in package.json',
    'dist/plugins/setup.mjs imports @fast-check/vitest, which is not a dependency or peer dependency in package.json',
    'dist/server/cli.cjs imports ajv, which is not a dependency or peer dependency in package.json',
    'dependency @msw/data is imported by no file in dist/ and named by no type declaration',
  ])
})

it('counts a dependency named only by the type declarations (a bundled one) and one loaded by createRequire', () => {
  const manifest = { dependencies: { hono: '^4', '@msw/data': '^1', formulon: '^6' } }
  const root = builtPackage(manifest, {
    'dist/index.js': `import { Hono } from "hono";
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
function load() { return require2("formulon"); }
`,
    'dist/index.cjs': `var import_node_module = require("node:module");
var r = (0, import_node_module.createRequire)(__filename);
r("formulon");
require("hono");
`,
    'dist/index.d.ts': `import { Collection } from "@msw/data";
import type { Page } from "playwright";
`,
  })
  const { problems, imported } = checkPackage(root)
  // a type declaration may name a peer's own dependency (playwright); only code must stick to the manifest
  expect(problems).toEqual([])
  expect([...imported.keys()].sort()).toEqual(['formulon', 'hono'])
  const bare = builtPackage(manifest, {
    'dist/index.js': `import { Hono } from "hono";
`,
  })
  expect(checkPackage(bare).problems).toEqual([
    'dependency @msw/data is imported by no file in dist/ and named by no type declaration',
    'dependency formulon is imported by no file in dist/ and named by no type declaration',
  ])
})

it("names a bundle holding zod's locales beyond English (zod imported as { z })", () => {
  const bundle = (locales: string[]) =>
    builtPackage(MANIFEST, {
      'dist/index.js': `import { Hono } from "hono";
import { http } from "msw";
var data = require("@msw/data");
${locales.map((locale) => `// node_modules/zod/v4/locales/${locale}.js\n`).join('')}`,
    })
  expect(checkPackage(bundle(['index', 'en'])).problems).toEqual([])
  expect(checkPackage(bundle(['index', 'ar', 'en', 'zh-CN'])).problems).toEqual([
    "dist/index.js bundles zod's zod/v4/locales/ar.js: import zod as `* as z`",
  ])
})

it('names an msw entry one major of the peer range lacks, once per file', () => {
  const root = builtPackage(
    { peerDependencies: { msw: '^2.12 || ^3' } },
    {
      'dist/index.js': `import { http } from "msw";\nimport { setupServer } from "msw/node";\n`,
      'dist/index.cjs': `var a = require("msw/core/http");\nvar b = require("msw/core/http");\n`,
      'dist/setup.js': `import { http } from "msw/http";\n`,
    },
  )
  expect(checkPackage(root).problems).toEqual([
    'dist/index.cjs imports msw/core/http, which not every msw major in the peer range exports',
    'dist/setup.js imports msw/http, which not every msw major in the peer range exports',
  ])
})

it('reports a missing dist/ instead of passing', () => {
  const root = builtPackage(MANIFEST, {})
  expect(checkPackage(root).problems).toEqual([`${join(root, 'dist')} is missing: run npm run build`])
})

it('reads the package name of a specifier', () => {
  expect(packageName('hono/router/trie-router')).toBe('hono')
  expect(packageName('@msw/data/extensions')).toBe('@msw/data')
  expect(packageName('./chunk.js')).toBeUndefined()
  expect(packageName('node:fs')).toBeUndefined()
})
