/**
 * @module
 * The mock clock. Every timestamp the mock writes comes from here, so a test can
 * freeze, set or fast-forward time and see lifecycle transitions happen deterministically.
 */

export type ClockMode = 'real' | 'manual'

export interface Clock {
  /** Current mock time. */
  now(): Date
  /** Current mock time in epoch milliseconds. */
  nowMs(): number
  /** Moves time forward by `ms` (in real mode: adds an offset to real time). */
  advance(ms: number): void
  /** Jumps to `date` (in real mode time keeps running from there). */
  set(date: Date | string | number): void
  /** Stops time at the current instant (switches to manual mode). */
  freeze(): void
  /** Switches mode, keeping the current instant. */
  setMode(mode: ClockMode): void
  readonly mode: ClockMode
}

export function createClock(mode: ClockMode = 'real', realNow: () => number = Date.now): Clock {
  let currentMode = mode
  // real mode: now = realNow() + offset; manual mode: now = fixed
  let offset = 0
  let fixed = realNow()

  const nowMs = () => (currentMode === 'real' ? realNow() + offset : fixed)

  return {
    now: () => new Date(nowMs()),
    nowMs,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`Failed to advance clock: ${ms} is not a non-negative number`)
      if (currentMode === 'real') offset += ms
      else fixed += ms
    },
    set(date) {
      const target = new Date(date).getTime()
      if (Number.isNaN(target)) throw new RangeError(`Failed to set clock: "${String(date)}" is not a date`)
      if (currentMode === 'real') offset = target - realNow()
      else fixed = target
    },
    freeze() {
      this.setMode('manual')
    },
    setMode(next) {
      const at = nowMs()
      currentMode = next
      if (next === 'manual') fixed = at
      else offset = at - realNow()
    },
    get mode() {
      return currentMode
    },
  }
}
