/**
 * @module
 * What every test file and every server start pays before the first request (issue 44), timed on
 * the built package (`dist/`, built first when stale) in fresh Node processes, variants
 * interleaved round by round:
 * - in-process: spawn to the answer of one `/v1` call through MSW (`bench/startup/*.mjs`) vs MSW
 *   alone answering one trivial handler (<= its figure + 150 ms); the import alone as a figure;
 * - server: `replica-mock serve --quiet` spawn to its listening line vs json-server 0.17 on a
 *   one-workspace db (<= 1x); bare `node:http` as the floor;
 * - the first and the second call of each surface loaded on first use (figures);
 * - Vitest: a 100-file suite (3 fetches a file) with the plugin vs MSW alone (<= 1.3x).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { builtPackage } from '../lib/built-package.js'
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { timeToExit, timeToLine } from '../lib/fresh-process.js'
import { settings } from '../lib/settings.js'
import { freePort } from '../lib/spawn-server.js'
import { type Measurement, toMeasurement } from '../lib/stats.js'
import { createVitestSuites } from '../lib/vitest-suites.js'

/** In-process: the replica may add this much to MSW's own start. */
const IN_PROCESS_BUDGET_MS = 150
const VITEST_FILES = 100
const TESTS_PER_FILE = 3
/** The surfaces `bench/startup/first-calls.mjs` knows, with what the figures call them. */
const SURFACES: Record<string, string> = {
  'bulk-ingest': 'Bulk API 2.0 ingest job create',
  'oauth-password': 'OAuth token, password flow',
  'soap-login': 'SOAP login',
  composite: 'composite (one query subrequest)',
  sosl: 'SOSL search',
  inspector: 'inspector page GET',
  openapi: 'OpenAPI document GET /v1/openapi.json',
  fidelity: 'fidelity report GET /__replica/fidelity',
}

/**
 * `settings.rounds` rounds of every variant, one after another within a round (so a slower
 * stretch of the machine hits all of them), after `warmUp` unmeasured rounds (file cache).
 */
async function interleaved<K extends string>(
  variants: Record<K, () => Promise<number>>,
  warmUp = 1,
): Promise<Record<K, number[]>> {
  const keys = Object.keys(variants) as K[]
  const samples = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>
  for (let round = 0; round < warmUp + settings.rounds; round++) {
    for (const key of keys) {
      const ms = await variants[key]()
      if (round >= warmUp) samples[key].push(ms)
    }
  }
  return samples
}

/** `baseline` plus a fixed allowance, as a baseline of its own (a target `<= figure + N ms`). */
function plus(baseline: Measurement, ms: number): Measurement {
  return {
    label: `${baseline.label} + ${ms} ms`,
    unit: 'ms',
    value: baseline.value + ms,
    samples: baseline.samples.map((sample) => sample + ms),
  }
}

async function inProcess(probes: string): Promise<{ comparison: Comparison; figures: Measurement[] }> {
  const answered = /^answered$/
  const samples = await interleaved({
    replica: async () => (await timeToLine([join(probes, 'in-process-replica.mjs')], answered)).ms,
    msw: async () => (await timeToLine([join(probes, 'in-process-msw.mjs')], answered)).ms,
    importOnly: async () => (await timeToLine([join(probes, 'import-only.mjs')], /^imported$/)).ms,
  })
  const msw = toMeasurement(
    'in-process: msw/node alone, one trivial handler, spawn to its answer',
    'ms',
    samples.msw,
  )
  return {
    comparison: {
      label: `in-process: import + createReplicaMock() + first /v1 call vs MSW alone + ${IN_PROCESS_BUDGET_MS} ms`,
      subject: toMeasurement(
        'in-process: import, createReplicaMock(), setupServer, GET /v1/workspaces/{id}, spawn to its answer',
        'ms',
        samples.replica,
      ),
      baseline: plus(msw, IN_PROCESS_BUDGET_MS),
      target: { atMost: 1 },
    },
    figures: [
      msw,
      toMeasurement('in-process: import of the package alone, spawn to done', 'ms', samples.importOnly),
    ],
  }
}

async function server(
  dist: string,
  probes: string,
): Promise<{ comparison: Comparison; figures: Measurement[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'replica-bench-startup-'))
  try {
    const db = join(dir, 'db.json')
    writeFileSync(db, JSON.stringify({ workspaces: [{ id: 'ws_default', name: 'Default workspace' }] }))
    const jsonServer = createRequire(import.meta.url).resolve('json-server/lib/cli/bin.js')
    const cli = join(dist, 'server', 'cli.js')
    const samples = await interleaved({
      replica: async () =>
        (await timeToLine([cli, 'serve', '--port', '0', '--quiet'], /^replica-mock listening on /)).ms,
      jsonServer: async () => {
        const port = String(await freePort())
        // its "Home" line, printed as it calls listen()
        return (
          await timeToLine([jsonServer, '--host', '127.0.0.1', '--port', port, db], /^\s*http:\/\/[\d.:]+$/)
        ).ms
      },
      bare: async () => (await timeToLine([join(probes, 'bare-http.mjs')], /^listening on /)).ms,
    })
    return {
      comparison: {
        label: 'server: replica-mock serve --quiet vs json-server 0.17, spawn to listening',
        subject: toMeasurement(
          'server: replica-mock serve --quiet, spawn to its listening line',
          'ms',
          samples.replica,
        ),
        baseline: toMeasurement(
          'server: json-server 0.17, one-workspace db, spawn to its listening line',
          'ms',
          samples.jsonServer,
        ),
        target: { atMost: 1 },
      },
      figures: [toMeasurement('server: bare node:http, spawn to listening (the floor)', 'ms', samples.bare)],
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function firstCalls(probes: string): Promise<Measurement[]> {
  const figures: Measurement[] = []
  for (const [surface, label] of Object.entries(SURFACES)) {
    const first: number[] = []
    const second: number[] = []
    for (let round = 0; round < settings.rounds; round++) {
      const { line } = await timeToLine([join(probes, 'first-calls.mjs'), surface], /^\{/)
      const times = JSON.parse(line) as { first: number; second: number }
      first.push(times.first)
      second.push(times.second)
    }
    figures.push(
      toMeasurement(`first call: ${label}`, 'ms', first),
      toMeasurement(`second call: ${label}`, 'ms', second),
    )
  }
  return figures
}

async function vitestSuites(root: string): Promise<Comparison> {
  const suites = createVitestSuites(root, VITEST_FILES, TESTS_PER_FILE)
  const vitest = [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run']
  try {
    const samples = await interleaved(
      {
        plugin: () => timeToExit(vitest, { cwd: suites.plugin }),
        msw: () => timeToExit(vitest, { cwd: suites.msw }),
      },
      0,
    )
    const suite = `${VITEST_FILES} files x ${TESTS_PER_FILE} fetches, vitest run`
    return {
      label: `Vitest: ${VITEST_FILES}-file suite with replicaMock() vs MSW alone`,
      subject: toMeasurement(`Vitest: ${suite}, replicaMock() plugin (reset per test)`, 'ms', samples.plugin),
      baseline: toMeasurement(`Vitest: ${suite}, MSW alone with one trivial handler`, 'ms', samples.msw),
      target: { atMost: 1.3 },
    }
  } finally {
    suites.remove()
  }
}

export default defineBench({
  description: `start-up on the built package: in-process first answer (<= MSW + ${IN_PROCESS_BUDGET_MS} ms), serve to listening (<= json-server), a ${VITEST_FILES}-file Vitest suite (<= 1.3x MSW alone); first calls of lazy surfaces`,
  async run() {
    const { root, dist } = builtPackage()
    const probes = join(root, 'bench', 'startup')
    const local = await inProcess(probes)
    const standalone = await server(dist, probes)
    const surfaces = await firstCalls(probes)
    const vitest = await vitestSuites(root)
    return {
      comparisons: [local.comparison, standalone.comparison, vitest],
      figures: [...local.figures, ...standalone.figures, ...surfaces],
    }
  },
})
