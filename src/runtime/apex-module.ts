/**
 * @module
 * The org's code from an ES module file (`apex` option, `replica-mock serve --apex`): its
 * `apexRest` and `invocableActions` exports (named, or on the default export). `fresh` loads the
 * file again after a change (`serve --watch`): Node keeps each loaded module, so the file is
 * imported under a new URL; the modules it imports itself are not reloaded.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ApexModule } from '../replica/apex/apex-types.js'

export async function importApexModule(file: string, options: { fresh?: boolean } = {}): Promise<ApexModule> {
  const url = pathToFileURL(path.resolve(file))
  if (options.fresh) url.searchParams.set('reload', String(Date.now()))
  let loaded: Record<string, unknown>
  try {
    loaded = await import(url.href)
  } catch (error) {
    throw new Error(`[replica-mock] Failed to load the Apex module ${file}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const fallback = (loaded.default ?? {}) as Record<string, unknown>
  const code = {
    apexRest: loaded.apexRest ?? fallback.apexRest,
    invocableActions: loaded.invocableActions ?? fallback.invocableActions,
  }
  if (code.apexRest === undefined && code.invocableActions === undefined) {
    throw new Error(
      `[replica-mock] Failed to load the Apex module ${file}: it exports neither \`apexRest\` nor \`invocableActions\``,
    )
  }
  return code as ApexModule
}
