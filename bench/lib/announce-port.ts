/**
 * @module
 * The protocol every bench server follows: print `{"port":N}` once listening, and exit when the
 * bench closes our stdin or sends SIGTERM.
 */

export function announceAndWait(port: number, close: () => Promise<void>): void {
  let closing = false
  const stop = () => {
    if (closing) return
    closing = true
    close().finally(() => process.exit(0))
  }
  process.stdin.on('end', stop).resume()
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  process.stdout.write(`${JSON.stringify({ port })}\n`)
}
