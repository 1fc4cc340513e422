/**
 * @module
 * Baseline: bare `node:http` answering every request with the JSON body in `BENCH_BODY`
 * (serialised per request, as a hand-written JSON server would).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { announceAndWait } from '../lib/announce-port.js'

const body: unknown = JSON.parse(process.env.BENCH_BODY ?? '{"ok":true}')

const server = createServer((_request, response) => {
  const json = JSON.stringify(body)
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
  })
  response.end(json)
})

server.listen(0, '127.0.0.1', () => {
  announceAndWait((server.address() as AddressInfo).port, async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
})
