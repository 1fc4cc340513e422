/**
 * @module
 * The org's own code a mock serves: Apex REST routes and invocable actions, from three layers —
 * what a test added (`mock.apexRest.use()`, `mock.invocableActions.use()`; `reset()` clears it),
 * the mock's options (`apexRest`, `invocableActions`), and a module (`apex`, `serve --apex`,
 * reloaded by `--watch`). A test's routes and actions come first: the same route or action name
 * there replaces the one below. Everything is checked when registered: a bad route key or action
 * fails then, not on the first call.
 */
import type {
  ApexModule,
  ApexRestHandler,
  ApexRestRoutes,
  InvocableActionDefinition,
  InvocableActions,
} from './apex-types.js'
import { compileMappings, type MappingMatch, matchMapping, type UrlMapping } from './url-mappings.js'

/** An invocable action as registered: its name as given, and its definition. */
export interface RegisteredAction {
  name: string
  definition: InvocableActionDefinition
}

interface Layer {
  routes: UrlMapping<ApexRestHandler>[]
  /** Lower-case name -> action. */
  actions: Map<string, RegisteredAction>
}

export interface OrgCodeOptions extends ApexModule {
  /** Wall-clock ms one call may take before it fails and rolls back; 0 = unbounded. */
  timeoutMs: number
}

export class OrgCode {
  readonly timeoutMs: number
  #test: Layer = emptyLayer()
  #configured: Layer
  #module: Layer = emptyLayer()

  constructor(options: OrgCodeOptions) {
    this.timeoutMs = options.timeoutMs
    this.#configured = layerOf(options)
  }

  /** Adds routes and actions for the current test (until `clearTestCode()`). */
  use(code: ApexModule): void {
    const added = layerOf(code)
    const keys = new Set(added.routes.map((route) => route.key))
    this.#test = {
      routes: [...added.routes, ...this.#test.routes.filter((route) => !keys.has(route.key))],
      actions: new Map([...this.#test.actions, ...added.actions]),
    }
  }

  /** Drops what `use` added. */
  clearTestCode(): void {
    this.#test = emptyLayer()
  }

  /** Replaces the module's routes and actions (a reloaded `--apex` module). */
  loadModule(code: ApexModule): void {
    this.#module = layerOf(code)
  }

  matchRest(method: string, path: string): MappingMatch<ApexRestHandler> {
    return matchMapping(
      [...this.#test.routes, ...this.#configured.routes, ...this.#module.routes],
      method,
      path,
    )
  }

  /** The action of this name (any case), if one is registered. */
  action(name: string): RegisteredAction | undefined {
    const key = name.toLowerCase()
    return this.#test.actions.get(key) ?? this.#configured.actions.get(key) ?? this.#module.actions.get(key)
  }

  /** Every registered action, by name. */
  actions(): RegisteredAction[] {
    const all = new Map([...this.#module.actions, ...this.#configured.actions, ...this.#test.actions])
    return [...all.values()].sort((a, b) => a.name.localeCompare(b.name))
  }
}

function emptyLayer(): Layer {
  return { routes: [], actions: new Map() }
}

function layerOf(code: ApexModule): Layer {
  if (typeof code !== 'object' || code === null) {
    throw new TypeError(
      '[replica-mock] Failed to register Apex code: expected { apexRest?, invocableActions? }',
    )
  }
  return { routes: compileMappings(routesOf(code.apexRest)), actions: actionsOf(code.invocableActions) }
}

function routesOf(routes: ApexRestRoutes | undefined): ApexRestRoutes {
  if (routes === undefined) return {}
  if (typeof routes !== 'object' || routes === null || Array.isArray(routes)) {
    throw new TypeError(
      "[replica-mock] Failed to register Apex REST routes: expected { 'METHOD /path': handler }",
    )
  }
  return routes
}

function actionsOf(actions: InvocableActions | undefined): Map<string, RegisteredAction> {
  const out = new Map<string, RegisteredAction>()
  if (actions === undefined) return out
  if (typeof actions !== 'object' || actions === null || Array.isArray(actions)) {
    throw new TypeError(
      '[replica-mock] Failed to register invocable actions: expected { ActionName: definition }',
    )
  }
  for (const [name, given] of Object.entries(actions)) {
    const definition = typeof given === 'function' ? { invoke: given } : given
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) {
      throw new TypeError(
        `[replica-mock] Failed to register invocable action "${name}": an action name is an Apex identifier`,
      )
    }
    if (typeof definition !== 'object' || definition === null || typeof definition.invoke !== 'function') {
      throw new TypeError(
        `[replica-mock] Failed to register invocable action "${name}": expected a function or { invoke, inputs?, outputs?, label? }`,
      )
    }
    out.set(name.toLowerCase(), { name, definition })
  }
  return out
}
