// Startup probe: what a test file pays before its first answer, as docs/in-process.md wires it:
// import the built package, create a mock, start MSW with its handlers, answer one /v1 call.
import { setupServer } from 'msw/node'
import { createReplicaMock } from '../../dist/index.js'

const replica = createReplicaMock()
const server = setupServer(...replica.handlers)
server.listen({ onUnhandledRequest: 'error' })
const response = await fetch('https://api.replica.test/v1/workspaces/ws_default', {
  headers: { authorization: 'Bearer test-api-key' },
})
const body = await response.text()
if (response.status !== 200)
  throw new Error(`GET /v1/workspaces/ws_default answered ${response.status}: ${body}`)
console.log('answered')
server.close()
