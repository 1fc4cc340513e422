/**
 * @module
 * `serve --apex FILE --watch`: loads the Apex module again whenever its file changes, so an
 * edited handler serves the next call without a restart (state, records and events stay). A
 * module that fails to load keeps the routes and actions of the last good one, and says why.
 * Editors save in bursts (write, rename): changes within a short while make one reload.
 */
import { type FSWatcher, watch } from 'node:fs'
import path from 'node:path'
import type { OrgCode } from '../replica/apex/org-code.js'
import { importApexModule } from '../runtime/apex-module.js'

export interface ApexWatch {
  close(): void
}

/** How long a burst of change events is gathered into one reload. */
const SETTLE_MS = 100

export function watchApexModule(
  file: string,
  orgCode: OrgCode,
  report: (outcome: { file: string; error?: Error }) => void,
): ApexWatch {
  const resolved = path.resolve(file)
  let timer: ReturnType<typeof setTimeout> | undefined
  let loading = Promise.resolve()
  const reload = () => {
    loading = loading.then(async () => {
      try {
        orgCode.loadModule(await importApexModule(resolved, { fresh: true }))
        report({ file })
      } catch (error) {
        report({ file, error: error as Error })
      }
    })
  }
  // the folder, not the file: an editor that saves by renaming replaces the file watched
  const watcher: FSWatcher = watch(path.dirname(resolved), (_event, name) => {
    if (name !== null && name !== path.basename(resolved)) return
    clearTimeout(timer)
    timer = setTimeout(reload, SETTLE_MS)
  })
  return {
    close() {
      clearTimeout(timer)
      watcher.close()
    },
  }
}
