/**
 * @module replica-mock/playwright
 * Playwright fixtures: `replicaServer` (a standalone replica per worker), `replica` (its control
 * client, reset before each test) and the opt-in `replicaNetwork` (the page's calls to a fixed
 * base URL answered by the same replica).
 */
export { test } from './fixtures.js'
export { expect } from '@playwright/test'
export { createReplicaControl } from './control-client.js'
export type { ReplicaControl, ReplicaControlOptions } from './control-client.js'
export type {
  ReplicaNetwork,
  ReplicaOptions,
  ReplicaServerInfo,
  ReplicaTestFixtures,
  ReplicaTestOptions,
  ReplicaWorkerFixtures,
  ReplicaWorkerOptions,
} from './fixtures.js'
