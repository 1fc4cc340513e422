/**
 * A native call whose request body cannot be read (its stream fails: in-process, a stream that
 * errors; over HTTP, a client that drops the connection mid-body) is the caller's bad input: the
 * gateway refuses it `400 invalid_request` and records it, never a 500 with a logged stack.
 */
import { connect } from 'node:net'
import { afterEach, expect, it, vi } from 'vitest'
import { brokenBody, streamedInit } from '../../test/support/broken-body.js'
import { createReplicaMock, type ReplicaMock } from '../index.js'
import { RecordedRequestList } from '../schemas/index.js'
import { createReplicaServer, type ReplicaServer } from '../server/index.js'

const CREATE = '/services/data/v60.0/sobjects/Account'
/** The recorded call of the refused create. */
const REFUSED = { path: CREATE, responseStatus: 400, respondedBy: 'gateway', errorCode: 'invalid_request' }
let server: ReplicaServer | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  await server?.close()
  server = undefined
})

async function appToken(mock: ReplicaMock, baseUrl: string) {
  const environment = await mock.seed.environment({ status: 'running', apps: ['crm'] })
  const response = await mock.fetch(
    new Request(`${baseUrl}/v1/environments/${environment.id}/apps/crm/credentials`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-member-token' },
    }),
  )
  const { token } = (await response.json()) as { token: string }
  return { environmentId: environment.id, token }
}

/** The environment's recorded calls, newest first. */
async function recorded(mock: ReplicaMock, baseUrl: string, environmentId: string) {
  const response = await mock.fetch(
    new Request(`${baseUrl}/v1/requests?environmentId=${environmentId}`, {
      headers: { authorization: 'Bearer test-member-token' },
    }),
  )
  return RecordedRequestList.parse(await response.json()).data
}

function accountCount(mock: ReplicaMock, environmentId: string) {
  return mock.records(environmentId).query('SELECT Id FROM Account').length
}

it('refuses an in-process body whose stream errors with 400 invalid_request, and records it', async () => {
  const mock = createReplicaMock()
  await mock.ready()
  const { environmentId, token } = await appToken(mock, mock.baseUrl)
  const before = accountCount(mock, environmentId)
  const logged = vi.spyOn(console, 'error')
  const response = await mock.fetch(
    new Request(
      mock.baseUrl + CREATE,
      streamedInit(brokenBody('{"Name":'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      }),
    ),
  )
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({
    error: {
      code: 'invalid_request',
      message: 'Failed to pass the request on: Failed to read the request body: connection reset',
    },
  })
  expect(logged).not.toHaveBeenCalled()
  expect(accountCount(mock, environmentId)).toBe(before)
  const [call] = await recorded(mock, mock.baseUrl, environmentId)
  expect(call).toMatchObject(REFUSED)
})

it('records a call whose client dropped the connection mid-body over HTTP, logging no stack', async () => {
  server = await createReplicaServer({ port: 0, requestLog: false })
  const { mock, url, port } = server
  const { environmentId, token } = await appToken(mock, url)
  const before = accountCount(mock, environmentId)
  const logged = vi.spyOn(console, 'error')
  const socket = connect(port, '127.0.0.1')
  // the server may answer or close a connection the client already gave up on
  socket.on('error', () => {})
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.write(
    `POST ${CREATE} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Name":',
  )
  // the headers and 8 of the 100 bytes sent, the client goes away (FIN: what it sent arrives first)
  socket.end()
  await vi.waitFor(
    async () => {
      const [call] = await recorded(mock, url, environmentId)
      expect(call).toMatchObject(REFUSED)
    },
    { timeout: 5000 },
  )
  socket.destroy()
  expect(logged).not.toHaveBeenCalled()
  expect(accountCount(mock, environmentId)).toBe(before)
})
