/**
 * @module
 * Who a native call is for (docs/gateway.md): the app token — from the
 * `Authorization: Bearer` header or the `/t/{token}` URL segment — names the environment, app and
 * actor; an optional path prefix must agree with it; the environment must be running; the
 * version's actor header may switch the actor to another actor of that version.
 * Refusals are thrown as `GatewayRefusal`s, checked in this order: token, prefix, environment
 * status, actor.
 * @note In the gateway, not management: only the gateway resolves calls, and it throws the
 * gateway's refusals; it reads management's credentials and operations, which sit below it.
 */
import type { Version } from '../schemas/app.js'
import type { StoredEnvironment, StoredEnvironmentApp } from '../store/stored-records.js'
import type { ManagementContext } from '../management/context.js'
import { findAppToken } from '../management/credentials.js'
import { runOperation } from '../management/operation.js'
import type { AppPath } from './app-path.js'
import { GatewayRefusal, type RefusedCallTarget } from './gateway-refusal.js'
import { type LoginHints, resolveLoginTarget } from './login-call.js'
import type { ReceivedCall } from './received-call.js'

/** A call the gateway may pass to the app. */
export interface AppCallTarget {
  environment: StoredEnvironment
  app: StoredEnvironmentApp
  /** The catalog version the app runs (its APIs list the native API versions served). */
  version: Version | undefined
  /** The actor the call runs as; empty for a login call (the login says who). */
  actor: string
}

/**
 * @param path the call's app path (the token segment, the prefix to check)
 * @param login set for a login call (`login-call.ts`): it needs no token; what it names ties it to
 * an environment app, and the app authenticates it.
 */
export async function resolveAppCall(
  ctx: ManagementContext,
  call: ReceivedCall,
  path: AppPath,
  login: LoginHints | undefined,
): Promise<AppCallTarget> {
  const { prefix } = path
  // until the token names one, a refusal is recorded under the environment the prefix names
  const prefixed = prefix && ctx.store.environments.findById(prefix.environmentId)
  const refusalTarget = prefixed ? { environmentId: prefixed.id, app: prefix.appName ?? '' } : undefined
  const owner: { environmentId: string; app: string; actorId?: string } = login
    ? resolveLoginTarget(ctx, prefix, login, refusalTarget)
    : authenticate(ctx, call.headerToken, path.urlToken ?? call.queryToken, refusalTarget)

  // applies due lifecycle transitions (a start that has completed); nothing to await when none is due
  const next = ctx.due.nextAt()
  if (next !== undefined && next <= ctx.clock.nowMs()) await runOperation(ctx, () => undefined)
  const environment = ctx.store.environments.findById(owner.environmentId)
  const target: RefusedCallTarget = { environmentId: owner.environmentId, app: owner.app }
  if (!environment) {
    throw new GatewayRefusal(
      'environment_not_found',
      `Failed to find environment "${owner.environmentId}"`,
      target,
    )
  }
  checkPrefix(environment, owner.app, prefix, target)
  checkRunning(ctx, environment, target)

  const app = environment.apps.find((entry) => entry.name === owner.app)
  if (!app) {
    throw new GatewayRefusal(
      'app_not_found',
      `Failed to find app "${owner.app}" in environment "${environment.id}"`,
      target,
    )
  }
  const version = ctx.store.versions.findById(app.versionId)
  return {
    environment,
    app,
    version,
    actor:
      owner.actorId === undefined ? '' : chooseActor(version, owner.actorId, call.request.headers, target),
  }
}

/** Who the token the call presents (header or URL, which must agree) was issued to. */
function authenticate(
  ctx: ManagementContext,
  headerToken: string | undefined,
  urlToken: string | undefined,
  target: RefusedCallTarget | undefined,
): { environmentId: string; app: string; actorId: string } {
  if (headerToken !== undefined && urlToken !== undefined && headerToken !== urlToken) {
    throw new GatewayRefusal(
      'unauthenticated',
      'Failed to authenticate: the Authorization header and the URL carry different tokens',
      target,
    )
  }
  const token = urlToken ?? headerToken
  if (token === undefined) {
    throw new GatewayRefusal(
      'unauthenticated',
      'Failed to authenticate: send the app token as "Authorization: Bearer <token>" or in the URL as /t/<token>',
      target,
    )
  }
  const owner = findAppToken(ctx, token)
  if (!owner) {
    const management =
      ctx.store.members.findByKey('token', token) !== undefined ||
      ctx.store.apiKeys.findByKey('token', token) !== undefined
    throw new GatewayRefusal(
      'unauthenticated',
      management
        ? 'Failed to authenticate: management tokens do not work on app URLs; use the token from createCredentials'
        : 'Failed to authenticate: the token is not a valid app token',
      target,
    )
  }
  return owner
}

/** An `/apps/{environmentId}[/{appName}]` prefix must name the token's environment and app. */
function checkPrefix(
  environment: StoredEnvironment,
  tokenApp: string,
  prefix: AppPath['prefix'],
  target: RefusedCallTarget,
): void {
  if (prefix && prefix.environmentId !== environment.id) {
    throw new GatewayRefusal(
      'prefix_mismatch',
      `Failed to authenticate: the token is not valid for environment "${prefix.environmentId}"`,
      target,
    )
  }
  if (prefix?.appName !== undefined && prefix.appName !== tokenApp) {
    if (!environment.apps.some((app) => app.name === prefix.appName)) {
      throw new GatewayRefusal(
        'app_not_found',
        `Failed to find app "${prefix.appName}" in environment "${environment.id}"`,
        { environmentId: environment.id, app: prefix.appName },
      )
    }
    throw new GatewayRefusal(
      'prefix_mismatch',
      `Failed to authenticate: the token is not valid for app "${prefix.appName}"`,
      target,
    )
  }
}

function checkRunning(
  ctx: ManagementContext,
  environment: StoredEnvironment,
  target: RefusedCallTarget,
): void {
  switch (environment.status) {
    case 'running':
      return
    case 'paused':
      throw new GatewayRefusal(
        'environment_paused',
        `Failed to call the app: environment "${environment.id}" is paused; resume it first`,
        target,
      )
    case 'starting': {
      const due = environment.startDueAt === null ? undefined : Date.parse(environment.startDueAt)
      throw new GatewayRefusal(
        'environment_starting',
        `Failed to call the app: environment "${environment.id}" is starting; retry shortly`,
        target,
        due === undefined ? undefined : Math.max(0, due - ctx.clock.nowMs()),
      )
    }
    default:
      throw new GatewayRefusal(
        'environment_not_found',
        `Failed to find environment "${environment.id}": it is ${environment.status}`,
        target,
      )
  }
}

/**
 * The credentials' actor, or the one the version's actor header names — which must be an actor of
 * that version.
 */
function chooseActor(
  version: Version | undefined,
  credentialsActor: string,
  headers: Headers,
  target: RefusedCallTarget,
): string {
  // a plain loop: this runs on every native call (the APIs of a version share one header, mostly)
  for (const api of version?.apis ?? []) {
    const name = api.actorHeader
    if (name === '') continue
    const requested = headers.get(name)?.trim()
    if (requested === undefined || requested === '' || requested === credentialsActor) continue
    if (!version!.actors.some((actor) => actor.id === requested)) {
      const allowed = version!.actors.map((actor) => actor.id).join(', ')
      throw new GatewayRefusal(
        'unknown_actor',
        `Failed to switch actor: "${requested}" (header ${name}) is not an actor of this app version; it has: ${allowed}`,
        target,
      )
    }
    return requested
  }
  return credentialsActor
}
