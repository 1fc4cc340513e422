/**
 * @module
 * In-process `fetch` through the exported MSW handlers vs `fetch` to a trivial one-route MSW
 * handler answering the same JSON body: what the mock adds to a test's call beyond MSW itself.
 * Target: <= 1.3x the trivial handler's time per request.
 */
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { createReplicaMock } from '../../src/index.js'
import { defineBench } from '../lib/define-bench.js'
import { compareLoop } from '../lib/measure-loop.js'

const URL_OURS = 'https://api.replica.test/v1/workspaces/ws_default'
const URL_BARE = 'https://bare.test/x'
const headers = { authorization: 'Bearer test-api-key' }

export default defineBench({
  description: 'in-process fetch via createReplicaMock().handlers vs a trivial one-route MSW handler',
  async run() {
    const replica = createReplicaMock()
    await replica.ready()
    const first = await replica.fetch(new Request(URL_OURS, { headers }))
    if (!first.ok) throw new Error(`Failed to GET ${URL_OURS}: ${first.status} ${await first.text()}`)
    const sameBody = await first.json()

    const trivial = [http.get(URL_BARE, () => HttpResponse.json(sameBody))]
    const server = setupServer(...replica.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    try {
      // one interceptor for both sides; only the handler list is swapped between rounds
      const baseline = {
        label: 'trivial MSW handler',
        before: () => server.resetHandlers(...trivial),
        fn: () => fetch(URL_BARE).then(readOk),
      }
      const subject = {
        label: 'replica-mock handlers',
        before: () => server.resetHandlers(...replica.handlers),
        fn: () => fetch(URL_OURS, { headers }).then(readOk),
      }
      const [seqBase, seqOurs] = await compareLoop([baseline, subject], { iterations: 2000 })
      const [parBase, parOurs] = await compareLoop(
        [
          { ...baseline, label: `${baseline.label}, 10 at once` },
          { ...subject, label: `${subject.label}, 10 at once` },
        ],
        { iterations: 2000, concurrency: 10 },
      )
      return {
        comparisons: [
          {
            label: 'in-process fetch, sequential (time/request)',
            subject: seqOurs!,
            baseline: seqBase!,
            target: { atMost: 1.3 },
          },
          {
            label: 'in-process fetch, 10 concurrent (time/request)',
            subject: parOurs!,
            baseline: parBase!,
            target: { atMost: 1.3 },
          },
        ],
      }
    } finally {
      server.close()
    }
  },
})

async function readOk(response: Response): Promise<void> {
  const text = await response.text()
  if (!response.ok) throw new Error(`Failed to fetch ${response.url}: ${response.status} ${text}`)
}
