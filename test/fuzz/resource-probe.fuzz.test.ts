/**
 * The fuzz suite's own instrument: a request that blocks the event loop must show as a block, or
 * the suite's 100 ms bound checks nothing. Node's `monitorEventLoopDelay` missed a block that began
 * at once (a composite body of 300,000 references held the loop for a second in-process unseen).
 */
import { expect, it } from 'vitest'
import { createResourceProbe } from './resource-probe.js'

/** Runs on the CPU until this process has used `ms` of it: wall time on a busy machine is longer. */
function spinFor(ms: number): void {
  const start = process.cpuUsage()
  for (;;) {
    const used = process.cpuUsage(start)
    if ((used.user + used.system) / 1000 >= ms) return
  }
}

it('counts a block that begins as soon as the request does', async () => {
  const probe = createResourceProbe()
  try {
    const { cost } = await probe.measure(async () => spinFor(150))
    expect(cost.blockedMs).toBeGreaterThanOrEqual(140)
    const afterAHop = await probe.measure(async () => {
      await Promise.resolve()
      spinFor(150)
    })
    expect(afterAHop.cost.blockedMs).toBeGreaterThanOrEqual(140)
  } finally {
    probe.stop()
  }
})
