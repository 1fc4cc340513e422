// Startup probe, the anchor: MSW alone answering one trivial handler through fetch.
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'

const server = setupServer(http.get('https://bare.test/x', () => HttpResponse.json({ id: 'ws_default' })))
server.listen({ onUnhandledRequest: 'error' })
const response = await fetch('https://bare.test/x')
const body = await response.text()
if (response.status !== 200) throw new Error(`GET https://bare.test/x answered ${response.status}: ${body}`)
console.log('answered')
server.close()
