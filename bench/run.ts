/**
 * @module
 * `npm run bench [-- [--quick] [--markdown] NAME...]`: runs every bench in bench/benches (or those
 * whose name contains one of NAME), prints each figure and each ratio against its target, then a
 * summary (a Markdown table with `--markdown`).
 * It reports; a missed target never fails it (exit 1 only when a bench could not run).
 */
import { readdirSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { clientCore, serverCore, watchForeignLoad } from './lib/cpu.js'
import type { Bench } from './lib/define-bench.js'
import { printMarkdownSummary, printReport, printSummary, type SummaryRow } from './lib/report.js'
import { applyQuick, settings } from './lib/settings.js'

// other processes taking more than this many cores during a bench make its figures suspect
const BUSY_CORES = 0.1

const benchDir = fileURLToPath(new URL('./benches/', import.meta.url))
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort()

const args = process.argv.slice(2)
const flags = args.filter((arg) => arg.startsWith('-'))
const names = args.filter((arg) => !arg.startsWith('-'))
const KNOWN_FLAGS = ['--quick', '--markdown']
if (flags.some((flag) => !KNOWN_FLAGS.includes(flag))) {
  console.log(`usage: npm run bench -- [--quick] [--markdown] [NAME...]
  NAME        run only the benches whose name contains NAME (default: all)
  --quick     3 rounds of 1 s, a quarter of the iterations: a smoke run, not figures to quote
  --markdown  print the summary as a Markdown table
env: BENCH_ROUNDS (5)  BENCH_SECONDS (3)  BENCH_WARMUP (1)  BENCH_SCALE (1)  BENCH_PIN (1; 0 = no core pinning)
benches: ${available.join(', ')}`)
  process.exit(flags.every((flag) => flag === '--help' || KNOWN_FLAGS.includes(flag)) ? 0 : 2)
}
if (flags.includes('--quick')) applyQuick()
const unknown = names.filter((name) => !available.some((bench) => bench.includes(name)))
if (unknown.length > 0) {
  console.error(
    `Failed to select benches: none matches ${unknown.join(', ')} (benches: ${available.join(', ')})`,
  )
  process.exit(2)
}
const selected =
  names.length === 0 ? available : available.filter((bench) => names.some((n) => bench.includes(n)))

const core = serverCore()
console.log(
  `node ${process.version}, ${availableParallelism()} x ${cpus()[0]?.model.trim() ?? 'cpu'}; ` +
    `${settings.rounds} rounds (median), HTTP ${settings.seconds} s/round after ${settings.warmupSeconds} s warm-up; ` +
    (core === undefined
      ? 'no core pinning'
      : `servers on core ${core}, load generator on core ${clientCore()}`),
)

const summary: SummaryRow[] = []
const failed: string[] = []
for (const name of selected) {
  const started = performance.now()
  const foreignLoad = watchForeignLoad()
  let busy = false
  try {
    const bench = ((await import(pathToFileURL(`${benchDir}${name}.ts`).href)) as { default: Bench }).default
    console.log(`\n== ${name}: ${bench.description}`)
    const report = await bench.run()
    const foreign = foreignLoad()
    busy = foreign !== undefined && foreign > BUSY_CORES
    printReport(report)
    for (const comparison of report.comparisons) summary.push({ bench: name, comparison, busy })
    if (busy) {
      console.log(
        `  WARNING: other processes used ${Math.round(foreign! * 100)}% of a core meanwhile: figures unreliable`,
      )
    }
  } catch (error) {
    failed.push(name)
    console.error(
      `  Failed to run bench ${name}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    )
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}

if (flags.includes('--markdown')) printMarkdownSummary(summary)
else printSummary(summary)
if (failed.length > 0) {
  console.error(`\nFailed to run ${failed.length} bench(es): ${failed.join(', ')}`)
  process.exitCode = 1
}
