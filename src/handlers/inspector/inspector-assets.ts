/**
 * @module
 * The inspector's page, styles and scripts: plain files in `inspector-assets/` beside this module
 * in the sources, copied to `dist/inspector-assets/` by the build (tsup.config.ts). Read on each
 * request (a person opening the page asks for a few files), from the first folder up from this
 * module that holds them (the built entries sit at different depths of `dist/`).
 */
import { VERSION } from '../../version.js'

export interface Asset {
  body: string
  contentType: string
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
}

const FOLDER = 'inspector-assets'

/** The asset called `name` (`index.html`, `inspector.js`), or undefined. */
export async function inspectorAsset(name: string): Promise<Asset | undefined> {
  const contentType = TYPES[name.slice(name.lastIndexOf('.') + 1)]
  if (!contentType || name.includes('/')) return undefined
  // node:fs is imported when the page is first asked for, so that merely importing the package
  // (e.g. in a bundler's browser build) never reaches for it
  const { existsSync, readFileSync } = await import('node:fs')
  const { dirname, join } = await import('node:path')
  const { fileURLToPath } = await import('node:url')
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let up = 0; up < 4 && !existsSync(join(dir, FOLDER, 'index.html')); up++) dir = dirname(dir)
  const folder = join(dir, FOLDER)
  if (!existsSync(join(folder, 'index.html'))) {
    throw new Error(
      `[replica-mock] Failed to find the inspector's files (${FOLDER}/) near ${fileURLToPath(import.meta.url)}`,
    )
  }
  const file = join(folder, name)
  if (!existsSync(file)) return undefined
  return { body: readFileSync(file, 'utf8').replaceAll('%VERSION%', VERSION), contentType }
}
