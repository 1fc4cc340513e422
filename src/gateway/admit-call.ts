/**
 * @module
 * Admission: a call to an app URL is tied to its environment, app and actor by its token
 * (`resolveAppCall`, which refuses what it must), takes its place among the recorded calls, and
 * is refused when its body is over the cap. What passes is described to the app as a `NativeCall`.
 */
import type { ManagementContext } from '../management/context.js'
import type { NativeCall } from '../replica/native-call.js'
import type { AppPath } from './app-path.js'
import { GatewayRefusal, type RefusedCallTarget } from './gateway-refusal.js'
import type { ReceivedCall } from './received-call.js'
import { isLoginPath, loginHints } from './login-call.js'
import { resolveAppCall } from './resolve-app-call.js'

/** A call the gateway lets through to the app. */
export interface AdmittedCall {
  path: AppPath
  /** Its environment and app: where it is recorded, and what faults match. */
  where: RefusedCallTarget
  /** What the app is told about the call. */
  native: NativeCall
}

export async function admitCall(ctx: ManagementContext, call: ReceivedCall): Promise<AdmittedCall> {
  const { request, url, path } = call
  if (!path) throw new GatewayRefusal('not_found', `Failed to find route: ${request.method} ${url.pathname}`)
  const login = isLoginPath(path.nativePath)
  const target = await resolveAppCall(ctx, call, path, login ? await loginHints(call) : undefined)
  const { environment, app } = target
  const where = { environmentId: environment.id, app: app.name }
  call.environmentId = environment.id
  call.app = app.name
  call.pending = ctx.recordedCalls.begin(environment.id)
  if (call.body.unreadable) {
    throw new GatewayRefusal('invalid_request', `Failed to pass the request on: ${call.body.reason}`, where)
  }
  if (!call.body.complete) {
    throw new GatewayRefusal(
      'request_too_large',
      `Failed to pass the request on: its body is larger than ${call.bodyCap} bytes`,
      where,
    )
  }
  const native: NativeCall = {
    environmentId: environment.id,
    appName: app.name,
    appId: app.appId,
    versionId: app.versionId,
    actor: target.actor,
    // the native API versions the catalog version serves, in catalog order, without repeats
    apiVersions: [...new Set(target.version?.apis.flatMap((api) => api.apiVersions))],
  }
  if (login) native.login = true
  return { path, where, native }
}
