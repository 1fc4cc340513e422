/**
 * @module
 * `tsx scripts/check-package.ts [ROOT]`, after `npm run build`: what the built package imports,
 * read by TypeScript's import scanner (`preProcessFile`: static imports and re-exports,
 * `require()` and `import()` of literal names) from every `.js`/`.cjs`/`.mjs` file in `dist/`,
 * checked against package.json. Every bare import must be a
 * dependency, a peer dependency or a Node builtin (a dev-only package would be missing on a
 * user's install), and every dependency must be imported (users would install it for nothing).
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
  if (files.length === 0) problems.push(`${dist} holds no .js, .cjs or .mjs file`)
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      const name = isBuiltin(fileName) ? undefined : packageName(fileName)
      if (name !== undefined && !imported.has(name)) imported.set(name, relative(root, file))
    }
  }
  for (const [name, file] of imported) {
    if (!allowed.has(name)) {
      problems.push(`${file} imports ${name}, which is not a dependency or peer dependency in package.json`)
    }
  }
  for (const name of dependencies) {
    if (!imported.has(name)) problems.push(`dependency ${name} is imported by no file in dist/`)
  }
  return { imported, problems }
}

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
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
