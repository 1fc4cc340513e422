/**
 * @module
 * What every management domain function works on. Built once per mock by `createReplicaMock`.
 */
import type { Clock } from '../store/clock.js'
import type { Store } from '../store/store.js'

export interface ManagementContext {
  store: Store
  clock: Clock
}
