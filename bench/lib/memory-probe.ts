/**
 * @module
 * Loaded into a bench's server child (`node --expose-gc --import tsx --import <this file>`, with an
 * IPC channel): on the parent's `'memory'` message it collects garbage and answers with
 * `process.memoryUsage()`, so a bench can tell live memory (heap used + external buffers, after a
 * GC) from RSS, which never gives back what V8 and the allocator once took. Bench-only: never
 * part of the package.
 */
const collect = (globalThis as { gc?: () => void }).gc
if (!collect) throw new Error('Failed to load the memory probe: run the child with --expose-gc')

process.on('message', (message) => {
  if (message !== 'memory') return
  collect()
  process.send?.({ memory: process.memoryUsage() })
})
// the probe's channel must not keep a server alive that was told to stop
process.channel?.unref()
