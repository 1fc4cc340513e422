/**
 * @module
 * The fidelity report of a Vitest run: each worker counts what every test asked its mock (the
 * mock's usage tally, labelled with the test) and hands the counts over in the test's `meta`;
 * the reporter adds them up at the end of the run, prints the short table and writes the JSON
 * report when asked.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { TestModule, Reporter } from 'vitest/node'
import { addUsage, emptyUsage, type UsageCounts, type UsageTally } from '../../src/calls/usage-tally.js'
import { kInternals, type ReplicaMock } from '../../src/create-replica-mock.js'
import { fidelityReport, formatFidelityTable } from '../../src/handlers/fidelity/fidelity-report.js'

declare module 'vitest' {
  interface TaskMeta {
    /** What the test asked the replica, for the fidelity report. */
    replicaFidelity?: UsageCounts
  }
}

export interface FidelityReportOptions {
  /** Print the short table at the end of the run. @default true */
  table?: boolean
  /** Also write the JSON report to this path (relative to the project root). */
  json?: string
}

export function usageOf(mock: ReplicaMock): UsageTally | undefined {
  return mock[kInternals].runtime.ctx.usage
}

/** Moves what the tally counted onto `task`'s meta (nothing when it counted nothing). */
export function handOver(usage: UsageTally, task: { meta: { replicaFidelity?: UsageCounts } }): void {
  const counts = usage.take()
  const empty =
    Object.keys(counts.operations).length === 0 &&
    Object.keys(counts.endpoints).length === 0 &&
    Object.keys(counts.errorCodes).length === 0 &&
    counts.unemulated.length === 0
  if (empty) return
  task.meta.replicaFidelity = task.meta.replicaFidelity ? addUsage(task.meta.replicaFidelity, counts) : counts
}

/**
 * @param root the project root the JSON path is relative to
 * @param log where the table goes (Vitest's logger)
 */
export function fidelityReporter(
  options: FidelityReportOptions,
  root: string,
  log: (text: string) => void,
): Reporter {
  return {
    onTestRunEnd(testModules) {
      const counts = collect(testModules)
      const report = fidelityReport(counts)
      if (options.table !== false) log(`\n${formatFidelityTable(report)}\n`)
      if (options.json) {
        const file = resolve(root, options.json)
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
        log(`replica-mock fidelity report written to ${file}`)
      }
    },
  }
}

function collect(testModules: ReadonlyArray<TestModule>): UsageCounts {
  const total = emptyUsage()
  for (const module of testModules) {
    const add = (meta: { replicaFidelity?: UsageCounts }) => {
      if (meta.replicaFidelity) addUsage(total, meta.replicaFidelity)
    }
    add(module.meta())
    for (const suite of module.children.allSuites()) add(suite.meta())
    for (const test of module.children.allTests()) add(test.meta())
  }
  return total
}
