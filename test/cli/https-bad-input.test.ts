import { mkdtempSync } from 'node:fs'
import { connect as connectTcp, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect as connectTls } from 'node:tls'
import { Agent } from 'undici'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createReplicaServer, type ReplicaServer } from '../../src/server/index.js'

// Bad TLS input must never crash the server or keep it from answering others.
let server: ReplicaServer
let caPem: string
const openSockets: Socket[] = []

beforeAll(async () => {
  server = await createReplicaServer({
    port: 0,
    https: { tlsDir: mkdtempSync(join(tmpdir(), 'replica-bad-tls-')) },
  })
  caPem = server.localCa!.caCertPem
})
afterAll(async () => {
  for (const socket of openSockets) socket.destroy()
  await server.close()
})

/** A normal request from a client that trusts the CA. */
const stillAnswers = async () => {
  const dispatcher = new Agent({ connect: { ca: caPem } })
  const response = await fetch(`${server.url}/__replica/health`, { dispatcher } as RequestInit)
  expect(response.status).toBe(200)
  await dispatcher.close()
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()))

it('closes a plain-http request sent to the https port, then answers others', async () => {
  const socket = connectTcp(server.port, '127.0.0.1')
  socket.on('error', () => {})
  socket.write('GET /__replica/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  await closed(socket)
  await stillAnswers()
})

it('answers others while a handshake stops half way', async () => {
  const socket = connectTcp(server.port, '127.0.0.1')
  socket.on('error', () => {})
  openSockets.push(socket)
  // a TLS record header announcing a ClientHello, and then nothing
  await new Promise<void>((resolve) =>
    socket.write(Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01]), () => resolve()),
  )
  await stillAnswers()
  expect(socket.destroyed).toBe(false)
})

it('presents its certificate for an unknown SNI name (the client refuses the name), then answers others', async () => {
  const socket = connectTls({
    host: '127.0.0.1',
    port: server.port,
    servername: 'nothing.example',
    ca: caPem,
  })
  const error = await new Promise<NodeJS.ErrnoException>((resolve) => socket.once('error', resolve))
  expect(error.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID')
  socket.destroy()
  await stillAnswers()
})

it('answers others after a client hangs up in the middle of a handshake', async () => {
  const socket = connectTls({ host: '127.0.0.1', port: server.port, servername: 'localhost', ca: caPem })
  socket.on('error', () => {})
  socket.once('connect', () => socket.destroy())
  await closed(socket)
  await stillAnswers()
})
