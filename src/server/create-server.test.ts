import { Writable } from 'node:stream'
import { request } from 'node:http'
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

/** A GET of `target` exactly as written (no client-side normalising of the path). */
function rawGet(url: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${url}${target}`, { headers: { authorization: 'Bearer test-api-key' } }, (response) => {
      response.resume().on('end', () => resolve(response.statusCode ?? 0))
    })
      .on('error', reject)
      .end()
  })
}

it('logs the path as the URL parser reads it, without query or fragment, a secret segment redacted', async () => {
  const seen: string[] = []
  const server = await createReplicaServer({ port: 0, onRequest: ({ path }) => seen.push(path) })
  const { stream, taken } = slowStream()
  const logged = await createReplicaServer({ port: 0, requestLog: { stream } })
  for (const target of [
    '/v1/./workspaces/../me?x=1',
    '/v1/test-api-key?q=1',
    '/v1/test%2Dapi%2Dkey/x',
    '/v1/%E0%A4%A',
  ]) {
    await rawGet(server.url, target)
    await rawGet(logged.url, target)
  }
  await Promise.all([server.close(), logged.close()])
  // onRequest gets the path unredacted; the log shows a segment that is a known secret redacted
  expect(seen).toEqual(['/v1/me', '/v1/test-api-key', '/v1/test%2Dapi%2Dkey/x', '/v1/%E0%A4%A'])
  const shown = taken()
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1])
  expect(shown).toEqual(['/v1/me', '/v1/[redacted]', '/v1/[redacted]/x', '/v1/%E0%A4%A'])
})
