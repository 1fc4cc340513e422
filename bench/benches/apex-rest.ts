/**
 * @module
 * The org's own code in-process (issue 58): an Apex REST handler that reads one record
 * (`GET /services/apexrest/accounts/:id` -> `records.get('Account', id)`) vs the plain REST read
 * of the same record (`GET /sobjects/Account/{id}`), both through `mock.fetch` with the gateway.
 * What the handler path adds is its transaction (it holds the record store's write lock), its
 * session (records API, `UserInfo`) and the handler's own call. Target: <= 1.5x the plain read.
 * Figures: a handler that creates a record and publishes a platform event, and an invocable
 * action over one input.
 */
import { createReplicaMock } from '../../src/index.js'
import { defineBench } from '../lib/define-bench.js'
import { compareLoop, measureLoop } from '../lib/measure-loop.js'

const ACME = '001Rm0000000001IAA'
const V = '/services/data/v60.0'

export default defineBench({
  description: 'an Apex REST handler reading one record vs the plain REST read of it, in-process',
  async run() {
    const mock = createReplicaMock({
      schema: [
        {
          platformEvents: [
            {
              name: 'Touched__e',
              label: 'Touched',
              fields: [
                {
                  name: 'Ref__c',
                  label: 'Ref',
                  type: 'string',
                  length: 18,
                  createable: true,
                  updateable: false,
                  nillable: true,
                },
              ],
            },
          ],
        },
      ],
      apexRest: {
        'GET /accounts/:id': ({ params, records }) => records.get('Account', params.id!),
        'POST /accounts': ({ records, eventBus }) => {
          const id = records.create('Account', { Name: 'Touched' })
          eventBus.publish('Touched__e', { Ref__c: id })
          return { id }
        },
      },
      invocableActions: {
        Name_Of: ({ inputs, records }) =>
          inputs.map((input) => records.get('Account', String(input.id))?.Name),
      },
      // the bench's own events and accounts pile up: recorded calls are not what it measures
      maxRecordedCalls: 0,
    })
    await mock.ready()
    const environment = await mock.seed.environment()
    const credentials = await (
      await mock.fetch(
        new Request(`${mock.baseUrl}/v1/environments/${environment.id}/apps/crm/credentials`, {
          method: 'POST',
          headers: { authorization: 'Bearer test-api-key' },
        }),
      )
    ).json()
    const headers = { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' }
    const call =
      (path: string, init: RequestInit = {}) =>
      async () => {
        const response = await mock.fetch(new Request(credentials.url + path, { headers, ...init }))
        const text = await response.text()
        if (!response.ok) throw new Error(`Failed to call ${path}: ${response.status} ${text}`)
      }

    const [plain, handler] = await compareLoop(
      [
        { label: `plain read: GET ${V}/sobjects/Account/{id}`, fn: call(`${V}/sobjects/Account/${ACME}`) },
        {
          label: 'Apex REST: GET /services/apexrest/accounts/{id} (records.get)',
          fn: call(`/services/apexrest/accounts/${ACME}`),
        },
      ],
      { iterations: 2000 },
    )
    const writes = await measureLoop(call('/services/apexrest/accounts', { method: 'POST', body: '{}' }), {
      label: 'Apex REST: POST /services/apexrest/accounts (a create and a platform event)',
      iterations: 1000,
    })
    const action = await measureLoop(
      call(`${V}/actions/custom/apex/Name_Of`, {
        method: 'POST',
        body: JSON.stringify({ inputs: [{ id: ACME }] }),
      }),
      {
        label: 'invocable action: POST .../actions/custom/apex/Name_Of (1 input, records.get)',
        iterations: 1000,
      },
    )
    return {
      comparisons: [
        {
          label: 'Apex REST handler reading one record vs the plain REST read (time/request)',
          subject: handler!,
          baseline: plain!,
          target: { atMost: 1.5 },
        },
      ],
      figures: [writes, action],
    }
  },
})
