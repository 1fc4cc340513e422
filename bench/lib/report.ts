/**
 * @module
 * How results are printed: each comparison as its two figures and the ratio with its verdict, then
 * one summary line per target.
 */
import {
  type BenchReport,
  beyondFloor,
  type Comparison,
  cpuRatioOf,
  describeTarget,
  floorRatioOf,
  ratioOf,
  targetMet,
} from './define-bench.js'
import { formatNumber, type Measurement, spreadPercent } from './stats.js'

export interface SummaryRow {
  bench: string
  comparison: Comparison
  /** Other processes took CPU while this bench ran. */
  busy: boolean
}

export function printReport(report: BenchReport): void {
  for (const comparison of report.comparisons) {
    console.log(`  ${comparison.label}`)
    printFigure('baseline', comparison.baseline)
    printFigure('subject ', comparison.subject)
    console.log(`    ratio ${formatRatio(comparison)}`)
    const cpuRatio = cpuRatioOf(comparison)
    if (cpuRatio !== undefined) {
      console.log(
        `    CPU-only ratio ${cpuRatio.toFixed(2)}x (from CPU µs per operation; steadier on a busy machine)`,
      )
    }
    if (comparison.floor) {
      printFigure('floor   ', comparison.floor)
      console.log(`    ${floorNote(comparison)}`)
    }
  }
  for (const { label, floor, baseline } of report.floors ?? []) {
    console.log(`  floor: ${label}`)
    printFigure('floor   ', floor)
    const cpuOnly =
      floor.cpuMicros === undefined || baseline.cpuMicros === undefined
        ? ''
        : `, CPU-only ${(baseline.cpuMicros / floor.cpuMicros).toFixed(2)}x`
    console.log(`    ratio ${(floor.value / baseline.value).toFixed(2)}x${cpuOnly} of ${baseline.label}`)
  }
  for (const figure of report.figures ?? []) printFigure('figure  ', figure)
}

export function printSummary(rows: SummaryRow[]): void {
  if (rows.length === 0) return
  const cells = rows.map(({ bench, comparison, busy }) => [
    busy ? `${bench} (busy machine)` : bench,
    comparison.label,
    `${ratioOf(comparison).toFixed(2)}x`,
    describeTarget(comparison.target),
    verdict(comparison),
    floorNote(comparison),
  ])
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  console.log('\nsummary')
  for (const row of cells)
    console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`.trimEnd())
}

/** The summary as a Markdown table: each target's two figures, its ratio and whether it was met. */
export function printMarkdownSummary(rows: SummaryRow[]): void {
  if (rows.length === 0) return
  const cell = (text: string) => text.replaceAll('|', '\\|')
  const figure = (m: Measurement) => `${formatNumber(m.value)} ${m.unit}`
  console.log('\n| bench | what | measured | baseline | ratio | CPU-only ratio | target | verdict | floor |')
  console.log('|---|---|---:|---:|---:|---:|---|---|---|')
  for (const { bench, comparison, busy } of rows) {
    const cpuRatio = cpuRatioOf(comparison)
    const cells = [
      busy ? `${bench} (busy machine)` : bench,
      comparison.label,
      figure(comparison.subject),
      figure(comparison.baseline),
      `${ratioOf(comparison).toFixed(2)}x`,
      cpuRatio === undefined ? '' : `${cpuRatio.toFixed(2)}x`,
      describeTarget(comparison.target),
      targetMet(comparison) ? 'met' : '**missed**',
      floorNote(comparison),
    ]
    console.log(`| ${cells.map(cell).join(' | ')} |`)
  }
}

function printFigure(role: string, figure: Measurement): void {
  const cpu = figure.cpuMicros === undefined ? undefined : `${formatNumber(figure.cpuMicros)} µs CPU/op`
  const extra = [`±${spreadPercent(figure).toFixed(1)}%`, cpu, figure.note].filter(Boolean).join(', ')
  console.log(
    `    ${role} ${formatNumber(figure.value).padStart(9)} ${figure.unit.padEnd(6)} ${figure.label}  (${extra})`,
  )
}

function formatRatio(comparison: Comparison): string {
  return `${ratioOf(comparison).toFixed(2)}x (target ${describeTarget(comparison.target)}): ${verdict(comparison)}`
}

function verdict(comparison: Comparison): string {
  return targetMet(comparison) ? 'target met' : 'target MISSED'
}

/** The floor's ratio, and whether the target sits beyond it (then no simpler code could meet it). */
function floorNote(comparison: Comparison): string {
  const floorRatio = floorRatioOf(comparison)
  if (floorRatio === undefined) return ''
  return `floor ${floorRatio.toFixed(2)}x${beyondFloor(comparison) ? ' (target beyond it)' : ''}`
}
