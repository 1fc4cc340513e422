/**
 * @module
 * The standalone server as a user starts it from code: default fixture, port 0, no request log.
 */
import { createReplicaServer } from '../../src/server/index.js'
import { announceAndWait } from '../lib/announce-port.js'

const server = await createReplicaServer({ port: 0 })
announceAndWait(server.port, () => server.close())
