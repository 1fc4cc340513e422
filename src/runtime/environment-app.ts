/**
 * @module
 * The live CRM app of an environment's app, and who a test-side call acts as by default: the app
 * version's first actor at its newest API version. Behind `mock.records()` and the inspector.
 */
import { environmentDataOf } from '../management/inspection.js'
import type { CrmData } from '../replica/crm-data.js'
import type { MetadataView } from '../replica/metadata/metadata-service.js'
import type { ReplicaRuntime } from './create-runtime.js'

/** Throws (`InputError`) when the environment or app does not exist, or its data was released. */
export function environmentApp(
  runtime: ReplicaRuntime,
  environmentId: string,
  appName = 'crm',
): { app: CrmData; view: MetadataView } {
  const { store } = runtime.ctx
  const app = environmentDataOf(runtime.ctx, runtime.apps, environmentId, appName)
  const entry = store.environments
    .findById(environmentId)!
    .apps.find((candidate) => candidate.name === appName)!
  const version = store.versions.findById(entry.versionId)
  const apiVersions = version?.apis.flatMap((api) => api.apiVersions) ?? []
  const newest = apiVersions.reduce((best, next) => (Number(next) > Number(best) ? next : best), '0')
  return {
    app,
    view: { actor: version?.actors[0]?.id ?? 'admin', apiVersion: apiVersions.length > 0 ? newest : '60.0' },
  }
}
