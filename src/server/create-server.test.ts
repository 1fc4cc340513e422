import { Writable } from 'node:stream'
import { expect, it } from 'vitest'
import { createReplicaServer } from './create-replica-server.js'

/** A log stream whose reader takes each chunk only after a while. */
function slowStream() {
  let taken = ''
  const stream = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, callback) {
      setTimeout(() => {
        taken += String(chunk)
        callback()
      }, 50)
    },
  })
  return { stream, taken: () => taken }
}

it('close() resolves only once the request log has been taken by its stream', async () => {
  const { stream, taken } = slowStream()
  const server = await createReplicaServer({ port: 0, requestLog: { stream } })
  const response = await fetch(`${server.url}/v1/me`, { headers: { authorization: 'Bearer test-api-key' } })
  expect(response.status).toBe(200)
  await server.close()
  expect(taken()).toMatch(/^GET \/v1\/me 200 \d+\.\d{3}ms\n$/)
})

it('logs nothing unless asked, and hands every request to onRequest', async () => {
  const seen: string[] = []
  const server = await createReplicaServer({
    port: 0,
    onRequest: ({ method, path, status }) => seen.push(`${method} ${path} ${status}`),
  })
  await (await fetch(`${server.url}/v1/me?x=1`)).arrayBuffer()
  await server.close()
  expect(seen).toEqual(['GET /v1/me 401'])
})

it('refuses httpPort without https rather than ignoring it', async () => {
  await expect(createReplicaServer({ port: 0, httpPort: 0 })).rejects.toThrow('it needs https')
})
