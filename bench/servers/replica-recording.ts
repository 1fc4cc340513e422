/**
 * @module
 * The standalone server with a given ring size for recorded calls (`BENCH_MAX_RECORDED_CALLS`;
 * 0 records nothing), for the gateway bench's recording-on vs recording-off comparison.
 */
import { createReplicaServer } from '../../src/server/index.js'
import { announceAndWait } from '../lib/announce-port.js'

const maxRecordedCalls = Number(process.env.BENCH_MAX_RECORDED_CALLS ?? 10_000)
const server = await createReplicaServer({ port: 0, maxRecordedCalls })
announceAndWait(server.port, () => server.close())
