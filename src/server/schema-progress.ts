/**
 * @module
 * The progress line `replica-mock serve` draws on a terminal while a large org schema loads:
 * one line on stderr, rewritten in place (`\r`, erase line), at most every `intervalMs`, and
 * only once the load has taken `delayMs` (a small project loads before a line would be read).
 * Nothing is drawn when stderr is not a terminal (a pipe, a CI log) or with `--quiet`.
 */
import path from 'node:path'
import type { SchemaLoadProgress } from '../schemas/schema-load-report.js'

/** The part of a stream the line needs (process.stderr). */
export interface ProgressStream {
  isTTY?: boolean
  /** The terminal's width: a longer line would wrap, and `\r` erases only its last row. */
  columns?: number
  write(text: string): unknown
}

export interface ProgressLine {
  /** Takes each progress report of the load (`onSchemaProgress`). */
  update(progress: SchemaLoadProgress): void
  /** Erases the line, if one was drawn. */
  clear(): void
}

export interface ProgressLineOptions {
  delayMs?: number
  intervalMs?: number
  /** The clock the interval is measured on. @default performance.now */
  now?: () => number
}

const ERASE = '\r\x1b[2K'

/** A progress line on `stream`, or undefined when `stream` is not a terminal. */
export function progressLine(
  stream: ProgressStream,
  options: ProgressLineOptions = {},
): ProgressLine | undefined {
  if (!stream.isTTY) return undefined
  const { delayMs = 300, intervalMs = 100, now = () => performance.now() } = options
  let drawn = false
  let last = Number.NEGATIVE_INFINITY
  return {
    update(progress) {
      if (progress.elapsedMs < delayMs) return
      const at = now()
      if (at - last < intervalMs && progress.done !== progress.total) return
      last = at
      drawn = true
      const text = progressText(progress)
      const width = stream.columns || Number.POSITIVE_INFINITY
      stream.write(`${ERASE}${text.length < width ? text : `${text.slice(0, Math.max(width - 2, 0))}…`}`)
    },
    clear() {
      if (drawn) stream.write(ERASE)
      drawn = false
    },
  }
}

/** `replica-mock: loading org schema: reading force-app 412/1,203 objects (2.1 s)`. */
export function progressText(progress: SchemaLoadProgress): string {
  const count = `${progress.done.toLocaleString('en-US')}/${progress.total.toLocaleString('en-US')}`
  const source = shortPath(progress.source)
  const what = progress.phase === 'read' ? `reading ${source}` : 'checking the merged schema:'
  return `replica-mock: loading org schema: ${what} ${count} objects (${seconds(progress.elapsedMs)})`
}

/** A path under the working directory relative to it, any other as given. */
function shortPath(source: string): string {
  if (!path.isAbsolute(source)) return source
  const relative = path.relative(process.cwd(), source)
  return relative.startsWith('..') || path.isAbsolute(relative) ? source : relative || '.'
}

/** `1.2 s`, `0.3 s`. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
