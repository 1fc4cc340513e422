/**
 * @module
 * What the standalone server's request log costs as users run it: `replica-mock serve` with its
 * default flags, stdout piped to a parent that reads it while busy (this process, which runs the
 * load generator) or that stops reading it. Target: the log costs at most 10% of requests/s against
 * `--quiet` (>= 0.9x), text or json, whoever reads and however slowly. Measured on
 * `GET /v1/workspaces/{id}`, the server's cheapest call, where the log's share is the largest.
 */
import { type Comparison, defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { type ServerProcess, spawnCli } from '../lib/spawn-server.js'
import type { Measurement } from '../lib/stats.js'

const PATH = '/v1/workspaces/ws_default'
const headers = { authorization: 'Bearer test-api-key' }

export default defineBench({
  description:
    'request log on (text, json; busy or stalled reader) vs --quiet, GET /v1/workspaces/{id} req/s',
  async run() {
    const servers: Array<[string, ServerProcess]> = [
      ['--quiet', await spawnCli(['--quiet'])],
      ['default flags (text log), busy reader', await spawnCli([])],
      ['--log-format json, busy reader', await spawnCli(['--log-format', 'json'])],
      ['default flags, reader that stopped reading', await spawnCli([], { reader: 'stalled' })],
    ]
    try {
      for (const [label, server] of servers) {
        const response = await fetch(server.url + PATH, { headers })
        if (!response.ok) throw new Error(`Failed to GET ${PATH} (${label}): ${response.status}`)
      }
      const [quiet, ...logged] = await compareHttp(
        servers.map(([label, server]) => ({
          label: `${label}: GET ${PATH}`,
          url: server.url + PATH,
          headers,
          serverPid: server.pid,
        })),
      )
      const reads = servers
        .slice(1)
        .map(([label, server]) => `${label}: ${server.linesRead().toLocaleString('en-US')} lines`)
      console.log(`  log lines this process read: ${reads.join('; ')}`)
      return {
        comparisons: logged.map(
          (subject: Measurement): Comparison => ({
            label: `request log cost: ${subject.label.split(':')[0]} vs --quiet (req/s)`,
            subject,
            baseline: quiet!,
            target: { atLeast: 0.9 },
          }),
        ),
      }
    } finally {
      await Promise.all(servers.map(([, server]) => server.close()))
    }
  },
})
