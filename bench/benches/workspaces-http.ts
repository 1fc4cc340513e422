/**
 * @module
 * Issues 2 and 13: the standalone server's `GET /v1/workspaces/{id}` as users run it
 * (`replica-mock serve`, default flags, so the request log is on, stdout read by this busy
 * process) vs a bare `node:http` server sending the same JSON body, each in its own process on its
 * own core. Target: >= 0.5x bare requests/s. The same server with `--quiet` is a figure beside it
 * (the log's own cost is the `request-log` bench's).
 * Also says which router Hono chose for the app: one route shape RegExpRouter cannot take (a fixed
 * segment beside a parameter) sends the whole app to a slower one, ~3 µs per request.
 */
import { createReplicaMock, kInternals } from '../../src/create-replica-mock.js'
import { defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { spawnCli, spawnServer } from '../lib/spawn-server.js'

const PATH = '/v1/workspaces/ws_default'
const headers = { authorization: 'Bearer test-api-key' }

export default defineBench({
  description: 'standalone GET /v1/workspaces/{id} req/s vs bare node:http with the same JSON body',
  async run() {
    const { router } = createReplicaMock()[kInternals].app
    router.match('GET', '/') // SmartRouter picks its router on the first match
    console.log(
      `  Hono router: ${router.name}${router.name.includes('RegExpRouter') ? '' : ' (slower: a route has a fixed segment beside a parameter)'}`,
    )
    const replica = await spawnCli([])
    const quiet = await spawnCli(['--quiet'])
    try {
      const response = await fetch(replica.url + PATH, { headers })
      if (!response.ok) throw new Error(`Failed to GET ${PATH}: ${response.status} ${await response.text()}`)
      const body = await response.text()
      const bare = await spawnServer('bare-json', { BENCH_BODY: body })
      try {
        const [baseline, subject, quietFigure] = await compareHttp([
          { label: `bare node:http (${body.length} B body)`, url: bare.url + PATH, serverPid: bare.pid },
          {
            label: `replica-mock serve: GET ${PATH}`,
            url: replica.url + PATH,
            headers,
            serverPid: replica.pid,
          },
          {
            label: `replica-mock serve --quiet: GET ${PATH}`,
            url: quiet.url + PATH,
            headers,
            serverPid: quiet.pid,
          },
        ])
        return {
          figures: [quietFigure!],
          comparisons: [
            {
              label: 'standalone GET /v1/workspaces/{id} vs bare node:http (req/s)',
              subject: subject!,
              baseline: baseline!,
              target: { atLeast: 0.5 },
            },
          ],
        }
      } finally {
        await bare.close()
      }
    } finally {
      await Promise.all([replica.close(), quiet.close()])
    }
  },
})
