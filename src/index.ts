/**
 * @module replica-mock
 * Public surface: `createReplicaMock`, its options and instance types, and the schemas.
 */
export { createReplicaMock } from './create-replica-mock.js'
export type { ReplicaMock } from './create-replica-mock.js'
export type { ReplicaMockOptions, Lifecycle } from './runtime/options.js'
export type { StateDocument } from './runtime/state-document.js'
export type { Clock, ClockMode } from './store/clock.js'
export { defaultFixture } from './fixtures/default-fixture.js'
export { FixtureError } from './fixtures/load-fixture.js'
export type { Fixture } from './fixtures/fixture-schema.js'
export * as schemas from './schemas/index.js'
export type { AuditEvent } from './schemas/audit-event.js'
export type { Environment } from './schemas/environment.js'
export type { Snapshot } from './schemas/snapshot.js'
export type { Workspace } from './schemas/workspace.js'
export type { SeedEnvironmentInput, SeedSnapshotInput } from './management/seeding.js'
export type { FaultInput, QueuedFault } from './management/faults.js'
export type { RecordsAccess } from './replica/records-access.js'
export type { NativeCall, NativeHandler } from './replica/native-call.js'
export type { RequestAccess } from './management/requests.js'
export { ReplicaError } from './replica/errors.js'
export type {
  ApexContext,
  ApexEventBus,
  ApexModule,
  ApexRecords,
  ApexRestContext,
  ApexRestHandler,
  ApexRestRequest,
  ApexRestResponse,
  ApexRestRoutes,
  ApexSaveResult,
  ApexUserInfo,
  InvocableActionDefinition,
  InvocableActions,
  InvocableContext,
  InvocableParameter,
} from './replica/apex/apex-types.js'
export { DmlException, LimitException, QueryException } from './replica/apex/apex-exceptions.js'
export type { PublishedEvent } from './replica/events/published-event.js'
export type { EnvironmentEvent, EventQuery } from './runtime/environment-events.js'
