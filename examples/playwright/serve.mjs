// A static file server for app/ (Playwright's webServer starts it).
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('./app/', import.meta.url))
const types = { '.html': 'text/html', '.js': 'text/javascript' }
const port = Number(process.env.PORT ?? 4173)

createServer(async (request, response) => {
  const { pathname } = new URL(request.url, 'http://localhost')
  const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname))
  try {
    if (!file.startsWith(root)) throw new Error('outside the app')
    const body = await readFile(file)
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
    response.end(body)
  } catch {
    response.writeHead(404).end('not found')
  }
}).listen(port, '127.0.0.1', () => console.log(`app on http://127.0.0.1:${port}`))
