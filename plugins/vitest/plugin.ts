/**
 * @module
 * `replicaMock(options)`: the Vitest plugin. It adds the setup file to the project and hands the
 * options to the workers through `provide`.
 */
import { existsSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vitest/config'
import type { Vitest } from 'vitest/node'
import { fidelityReporter } from './fidelity.js'
import { type ReplicaPluginOptions, resolvePluginOptions } from './options.js'

/**
 * A Vitest plugin that gives every test its own replica of the service.
 * @example
 * // vitest.config.ts
 * import { defineConfig } from 'vitest/config'
 * import { replicaMock } from 'replica-mock/vitest'
 * export default defineConfig({ plugins: [replicaMock()] })
 */
export function replicaMock(options: ReplicaPluginOptions = {}): Plugin {
  const resolved = resolvePluginOptions(options)
  const setupFile = setupFilePath()
  return {
    name: 'vitest:replica-mock',
    config: () => ({ test: { setupFiles: [setupFile] } }),
    configureVitest({ project, vitest }) {
      if (resolved.fidelity) addReporterOnce(vitest, resolved.fidelity)
      const { fixture, startState, schema, data, apex } = resolved.mock
      const fromRoot = <T>(file: T) => (typeof file === 'string' ? resolve(project.config.root, file) : file)
      // schema and data take one path (or document) or a list
      const eachFromRoot = <T>(value: T | T[]) =>
        Array.isArray(value) ? value.map(fromRoot) : fromRoot(value)
      project.provide('replica-mock', {
        ...resolved,
        mock: {
          ...resolved.mock,
          fixture: fromRoot(fixture),
          startState: fromRoot(startState),
          ...(schema === undefined ? {} : { schema: eachFromRoot(schema) }),
          ...(data === undefined ? {} : { data: eachFromRoot(data) }),
          ...(apex === undefined ? {} : { apex: fromRoot(apex) }),
        },
      })
    },
  }
}

// one report per run, however many projects use the plugin
const withReporter = new WeakSet<Vitest>()

function addReporterOnce(vitest: Vitest, options: Parameters<typeof fidelityReporter>[0]): void {
  if (withReporter.has(vitest)) return
  withReporter.add(vitest)
  vitest.config.reporters.push(
    fidelityReporter(options, vitest.config.root, (text) => vitest.logger.log(text)) as never,
  )
}

// setup.ts beside the sources, setup.js beside the built index.js / index.cjs
function setupFilePath(): string {
  const here = fileURLToPath(import.meta.url)
  const file = join(dirname(here), extname(here) === '.ts' ? 'setup.ts' : 'setup.js')
  if (!existsSync(file)) throw new Error(`[replica-mock] Failed to find the Vitest setup file at ${file}`)
  return file
}
