/**
 * @module
 * What benches need to call an app's native handler directly, without the gateway: the resolved
 * call the gateway would hand over, and the handler itself.
 */
import { kInternals, type ReplicaMock } from '../../src/create-replica-mock.js'
import type { NativeCall, NativeHandler } from '../../src/replica/native-call.js'
import { builtInCrmRoutes } from '../../src/handlers/create-app.js'
import type { Environment } from '../../src/schemas/index.js'

/** A fixed call for benches that run one CRM app of their own, outside any environment. */
export const STANDALONE_CRM_CALL: NativeCall = {
  environmentId: 'env_bench',
  appName: 'crm',
  appId: 'crm',
  versionId: 'crm-v2026.2',
  actor: 'admin',
  apiVersions: ['60.0'],
}

/** The call the gateway would resolve for `environment`'s first app as its first actor, and that app's handler. */
export function directNativeCall(
  mock: ReplicaMock,
  environment: Environment,
): { call: NativeCall; handler: NativeHandler } {
  const app = environment.apps[0]!
  const version = mock.versions.get(app.versionId)!
  const call: NativeCall = {
    environmentId: environment.id,
    appName: app.name,
    appId: app.appId,
    versionId: app.versionId,
    actor: version.actors[0]!.id,
    apiVersions: [...new Set(version.apis.flatMap((api) => api.apiVersions))],
  }
  return { call, handler: builtInCrmRoutes(mock[kInternals].runtime).handler }
}
