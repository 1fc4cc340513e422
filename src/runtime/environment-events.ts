/**
 * @module
 * The platform events environments published (`mock.events()`, `GET
 * /__replica/environments/{id}/events`, the inspector, the Vitest matcher): one environment's, or
 * every live environment's, oldest first within an app, each with where it was published.
 */
import type { EventFilter } from '../replica/events/event-bus.js'
import type { PublishedEvent } from '../replica/events/published-event.js'
import type { ReplicaRuntime } from './create-runtime.js'
import { environmentApp } from './environment-app.js'

/** A published event and where: the environment and its app. */
export type EnvironmentEvent = PublishedEvent & { environmentId: string; app: string }

export interface EventQuery extends EventFilter {
  /** One environment's events (throws `InputError` when it does not exist or its data was released). */
  environmentId?: string
  /** One app of the environment. @default every app */
  app?: string
}

export function listEvents(runtime: ReplicaRuntime, query: EventQuery = {}): EnvironmentEvent[] {
  const { store } = runtime.ctx
  const filter: EventFilter = { type: query.type, after: query.after }
  const apps: Array<[environmentId: string, app: string]> = []
  if (query.environmentId !== undefined) {
    const environment = store.environments.findById(query.environmentId)
    const names =
      query.app !== undefined ? [query.app] : (environment?.apps.map((app) => app.name) ?? ['crm'])
    for (const name of names) apps.push([query.environmentId, name])
  } else {
    const live = store.environments.findMany((q) =>
      q.where((environment) => environment.status !== 'deleted' && environment.status !== 'failed'),
    )
    for (const environment of live) {
      for (const { name } of environment.apps)
        if (query.app === undefined || name === query.app) apps.push([environment.id, name])
    }
  }
  const out: EnvironmentEvent[] = []
  for (const [environmentId, name] of apps) {
    // throws a clear InputError when the environment or app does not exist or holds no data
    const { app } = environmentApp(runtime, environmentId, name)
    for (const event of app.events.list(filter)) out.push({ ...event, environmentId, app: name })
  }
  return out
}
