// Startup probe, the floor of a server start: bare node:http listening on a free port.
import { createServer } from 'node:http'

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end('{"ok":true}')
})
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`)
})
