/**
 * @module
 * Core pinning and CPU accounting (Linux only; elsewhere these quietly do nothing), so the server
 * child and the load generator run on separate cores and we can tell which side was saturated.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { settings } from './settings.js'

const TICKS_PER_SECOND = 100

let tasksetWorks: boolean | undefined

/** The cores this process may run on when it started, e.g. `'0-3'` (Linux `Cpus_allowed_list`). */
const allowedList = (() => {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
  } catch {
    return undefined
  }
})()

const allowedCores = (allowedList ?? '').split(',').flatMap((range) => {
  const [from, to = from] = range.split('-').map(Number)
  if (from === undefined || to === undefined || !Number.isInteger(from) || !Number.isInteger(to)) return []
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
})

function canPin(): boolean {
  if (!settings.pin || allowedCores.length < 2) return false
  if (tasksetWorks === undefined) {
    try {
      execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' })
      tasksetWorks = true
    } catch {
      tasksetWorks = false
    }
  }
  return tasksetWorks
}

/** The core the server children get, or undefined when pinning is off or impossible. */
export function serverCore(): number | undefined {
  return canPin() ? allowedCores.at(-1) : undefined
}

/** The core the load generator gets while it measures, or undefined when pinning is off. */
export function clientCore(): number | undefined {
  return canPin() ? allowedCores[0] : undefined
}

/**
 * Pins this whole process (all threads) to `clientCore()` until the returned function restores the
 * cores it started with. The load generator runs here, the server on `serverCore()`.
 */
export function pinSelfToClientCore(): () => void {
  const core = clientCore()
  if (core === undefined || allowedList === undefined) return () => {}
  const set = (cores: string) =>
    execFileSync('taskset', ['-a', '-cp', cores, String(process.pid)], { stdio: 'ignore' })
  set(String(core))
  return () => set(allowedList)
}

/** User + system CPU seconds used so far by `pid` (its main process), or undefined if unreadable. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name may hold spaces; the fields we want follow its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** Busy CPU seconds of the whole machine so far (all cores), from /proc/stat. */
function machineBusySeconds(): number | undefined {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal ...: everything but idle and iowait is busy
    const busy = cpu.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0)
    return busy / TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** CPU seconds of this process plus its exited (reaped) children, e.g. closed server children. */
function ownTreeSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (
      (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
    )
  } catch {
    return undefined
  }
}

/**
 * Starts watching how much CPU other processes take; the returned function gives their average use
 * in cores since then (0.3 = 30% of one core), or undefined where that cannot be read. Call it after
 * every server child has exited, or their CPU counts as foreign.
 */
export function watchForeignLoad(): () => number | undefined {
  const machine = machineBusySeconds()
  const own = ownTreeSeconds()
  const started = performance.now()
  return () => {
    const machineNow = machineBusySeconds()
    const ownNow = ownTreeSeconds()
    if (machine === undefined || own === undefined || machineNow === undefined || ownNow === undefined) {
      return undefined
    }
    const elapsed = (performance.now() - started) / 1000
    return Math.max(0, machineNow - machine - (ownNow - own)) / elapsed
  }
}
