/**
 * @module
 * `tsx scripts/check-package.ts [ROOT]`, after `npm run build`: what the built package imports,
 * read by TypeScript's import scanner (`preProcessFile`: static imports and re-exports,
 * `require()` and `import()` of literal names) from every `.js`/`.cjs`/`.mjs` file and every type
 * declaration (`.d.ts`/`.d.cts`) in `dist/`, checked against package.json. Every bare import must
 * be a dependency, a peer dependency or a Node builtin (a dev-only package would be missing on a
 * user's install), and every dependency must be imported by the code or named by the types (a
 * bundled package, decision 0046, stays a dependency while the declarations name it; otherwise
 * users would install it for nothing), no zod locale but English is bundled, and msw is imported
 * only through the entries both of its majors in the peer range export.
 * Exits 1 listing each problem. `npm run test:examples` and the `startup` bench run it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

export interface PackageCheck {
  /** Bare package names `dist/` imports, with the first file importing each. */
  imported: Map<string, string>
  problems: string[]
}

/** The package name of a bare specifier (`@scope/name/sub` -> `@scope/name`); undefined if relative. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/**
 * The msw entries both majors of the peer range export (`msw/core/http` is msw 2's only, `msw/http`
 * msw 3's only: decision 0051).
 */
const MSW_ENTRIES = new Set(['msw', 'msw/node'])
/** Each major's own entry of `http`: code may load one only beside the other, as a fallback (src/msw.ts). */
const MSW_HTTP_ENTRIES = ['msw/core/http', 'msw/http']

/** Checks `root/dist` against `root/package.json`. */
export function checkPackage(root: string): PackageCheck {
  const dist = join(root, 'dist')
  if (!existsSync(dist)) return { imported: new Map(), problems: [`${dist} is missing: run npm run build`] }
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
  }
  const dependencies = Object.keys(manifest.dependencies ?? {})
  const allowed = new Set([...dependencies, ...Object.keys(manifest.peerDependencies ?? {})])
  const files = scripts(dist)
  const imported = new Map<string, string>()
  const problems: string[] = []
  if (!files.some((file) => /\.(c|m)?js$/.test(file)))
    problems.push(`${dist} holds no .js, .cjs or .mjs file`)
  const named = new Set<string>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const declarations = /\.d\.c?ts$/.test(file)
    // zod's `z` object holds every locale, so `import { z } from 'zod'` bundles ~40 of them
    // (~550 KB to compile at every start); `import * as z` lets esbuild keep only English
    const locale = declarations ? null : /zod\/v4\/locales\/(?!en\.js|index\.js)[\w-]+\.js/.exec(text)
    if (locale) problems.push(`${relative(root, file)} bundles zod's ${locale[0]}: import zod as \`* as z\``)
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName)
    if (!declarations) specifiers.push(...createdRequires(file, text))
    for (const specifier of new Set(specifiers)) {
      const name = isBuiltin(specifier) ? undefined : packageName(specifier)
      if (name === undefined) continue
      const fallback =
        MSW_HTTP_ENTRIES.includes(specifier) && MSW_HTTP_ENTRIES.every((e) => specifiers.includes(e))
      if (name === 'msw' && !MSW_ENTRIES.has(specifier) && !fallback) {
        problems.push(
          `${relative(root, file)} imports ${specifier}, which not every msw major in the peer range exports`,
        )
      }
      // the types may name what a peer's own types use; only code must stick to the manifest
      if (declarations) named.add(name)
      else if (!imported.has(name)) imported.set(name, relative(root, file))
    }
  }
  for (const [name, file] of imported) {
    if (!allowed.has(name)) {
      problems.push(`${file} imports ${name}, which is not a dependency or peer dependency in package.json`)
    }
  }
  for (const name of dependencies) {
    if (!imported.has(name) && !named.has(name)) {
      problems.push(`dependency ${name} is imported by no file in dist/ and named by no type declaration`)
    }
  }
  return { imported, problems }
}

/**
 * Literal names given to a function made by `createRequire` (a CommonJS package loaded
 * synchronously on first use, as formulon was before decision 0052): esbuild renames that function,
 * so it is found by what it was made with, through TypeScript's parser.
 */
function createdRequires(file: string, text: string): string[] {
  if (!text.includes('createRequire')) return []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const requires = new Set<string>()
  const found: string[] = []
  const calleeName = (node: ts.Expression): string | undefined =>
    ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer
      const callee = ts.isCallExpression(init) ? init.expression : undefined
      // `createRequire(url)`, or `(0, import_node_module.createRequire)(url)` in the CJS build
      const inner = callee && ts.isParenthesizedExpression(callee) ? callee.expression : callee
      const last = inner && ts.isBinaryExpression(inner) ? inner.right : inner
      if (last && calleeName(last) === 'createRequire') requires.add(node.name.text)
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && requires.has(node.expression.text)) {
      const [first] = node.arguments
      if (first && ts.isStringLiteral(first)) found.push(first.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The code and type declaration files under `dir`. */
function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$|\.d\.c?ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(process.argv[2] ?? '.')
  const { imported, problems } = checkPackage(root)
  if (problems.length > 0) {
    console.error(`check-package: ${problems.length} problem(s) in ${join(root, 'dist')}:`)
    for (const problem of problems) console.error(`  ${problem}`)
    process.exitCode = 1
  } else {
    console.log(
      `check-package: dist/ imports ${imported.size} packages, each a dependency or peer dependency: ${[...imported.keys()].sort().join(', ')}`,
    )
  }
}
