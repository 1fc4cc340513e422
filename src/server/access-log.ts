/**
 * @module
 * The standalone server's request log: one line per request, written so that no request ever
 * waits for whoever reads the log.
 * - Lines are gathered for `BATCH_MS` and go out as one write (sooner once `BATCH_CHARS` are
 *   held): a busy server answers about one request per event-loop turn, so a write per turn was a
 *   pipe write (a syscall and a wake-up of the reader) per request.
 * - The stream's own buffer is the only queue: while it holds `maxBufferedBytes` or more (the
 *   reader is behind, or has stopped), lines are dropped and counted, and the count is printed as
 *   `... N log lines dropped` as soon as there is room again (on the stream's `drain`, or before the
 *   next line).
 * - `flush()` writes what is held and waits, for at most a timeout, until the stream has taken it
 *   (shutdown calls it: lines still queued in a pipe are lost when the process exits).
 */
import type { Writable } from 'node:stream'

export type AccessLogFormat = 'text' | 'json'

/** What one log line says about a request. */
export interface AccessLogEntry {
  method: string
  /** The path without the query; an app token in it is redacted. */
  path: string
  status: number
  /** Time to the response's headers, in ms (sub-ms precision). */
  ms: number
  /** For native calls: the environment and app the call's token (or path) names. */
  environmentId?: string | undefined
  app?: string | undefined
}

export interface AccessLogOptions {
  /** `text` for people (`GET /v1/me 200 0.412ms`), `json` for machines (one object per line). @default 'text' */
  format?: AccessLogFormat
  /** Where lines go. @default process.stdout */
  stream?: Writable
  /** Lines are dropped (and counted) while the stream holds this many unwritten bytes. @default 1 MiB */
  maxBufferedBytes?: number
}

export interface AccessLog {
  write(entry: AccessLogEntry): void
  /** Writes what is held and resolves once the stream has taken it, or after `timeoutMs`. */
  flush(timeoutMs?: number): Promise<void>
  /** Flushes, then lets go of the stream (its listeners); later lines are not written. */
  close(timeoutMs?: number): Promise<void>
  /** Lines dropped so far because the reader was behind. */
  readonly dropped: number
}

export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024
/** How long lines are gathered before they are written: too short for a person to notice. */
export const BATCH_MS = 5
/** Characters of lines held that are written at once, without waiting for the rest of `BATCH_MS`. */
const BATCH_CHARS = 16 * 1024
const DEFAULT_FLUSH_TIMEOUT_MS = 2000

/** `GET /services/data 200 0.412ms env=env_1 app=crm` */
function textLine(entry: AccessLogEntry): string {
  const target = entry.environmentId === undefined ? '' : ` env=${entry.environmentId} app=${entry.app}`
  return `${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(3)}ms${target}\n`
}

/** `{"time":"…","method":"GET","path":"/services/data","status":200,"ms":0.412,"environmentId":"env_1","app":"crm"}` */
function jsonLine(entry: AccessLogEntry): string {
  return `${JSON.stringify({
    time: new Date().toISOString(),
    method: entry.method,
    path: entry.path,
    status: entry.status,
    ms: Math.round(entry.ms * 1000) / 1000,
    environmentId: entry.environmentId,
    app: entry.app,
  })}\n`
}

const droppedLine: Record<AccessLogFormat, (count: number) => string> = {
  text: (count) =>
    `... ${count} log line${count === 1 ? '' : 's'} dropped (the reader of this log fell behind)\n`,
  json: (count) => `${JSON.stringify({ time: new Date().toISOString(), dropped: count })}\n`,
}

/**
 * @example
 * const log = createAccessLog({ format: 'json' })
 * log.write({ method: 'GET', path: '/v1/me', status: 200, ms: 0.4 })
 * await log.flush()
 */
export function createAccessLog(options: AccessLogOptions = {}): AccessLog {
  const stream = options.stream ?? process.stdout
  const format = options.format ?? 'text'
  const toLine = format === 'json' ? jsonLine : textLine
  const maxBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES
  let batch = ''
  let timer: NodeJS.Timeout | undefined
  let unreported = 0
  let dropped = 0
  // a reader that went away (EPIPE) ends the log, never the server
  let broken = false
  const onError = () => {
    broken = true
  }
  stream.on('error', onError)

  const hasRoom = (): boolean => stream.writableLength + batch.length < maxBytes
  const reportDropped = (force = false): void => {
    if (unreported === 0 || !(force || hasRoom())) return
    batch += droppedLine[format](unreported)
    unreported = 0
  }
  /** The lines held, which are then no longer held (nor their timer running). */
  const takeBatch = (): string => {
    clearTimeout(timer)
    timer = undefined
    const text = batch
    batch = ''
    return text
  }
  const writeBatch = (): void => {
    const text = takeBatch()
    if (text !== '' && !broken) stream.write(text)
  }
  const onDrain = () => {
    if (unreported === 0) return
    reportDropped()
    writeBatch()
  }
  stream.on('drain', onDrain)

  const log: AccessLog = {
    get dropped() {
      return dropped
    },

    write(entry) {
      if (broken) return
      if (!hasRoom()) {
        unreported++
        dropped++
        return
      }
      reportDropped()
      batch += toLine(entry)
      if (batch.length >= BATCH_CHARS) writeBatch()
      // unref: held lines never keep a process alive (close and flush write them)
      else if (timer === undefined) timer = setTimeout(writeBatch, BATCH_MS).unref()
    },

    flush(timeoutMs = DEFAULT_FLUSH_TIMEOUT_MS) {
      // the last word, even over a full buffer: how many lines were lost
      reportDropped(true)
      const text = takeBatch()
      if (broken || (text === '' && stream.writableLength === 0)) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const giveUp = setTimeout(resolve, timeoutMs)
        // the callback runs once this (and so every earlier) chunk has been handed to the OS
        stream.write(text, () => {
          clearTimeout(giveUp)
          resolve()
        })
      })
    },

    async close(timeoutMs) {
      await log.flush(timeoutMs)
      broken = true
      stream.off('error', onError)
      stream.off('drain', onDrain)
    },
  }
  return log
}
