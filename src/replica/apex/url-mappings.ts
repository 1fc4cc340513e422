/**
 * @module
 * Apex REST routes: `'POST /orders/v1/*'`, `'GET /orders/v1/:id'`, `'/ping'` (every method).
 * Paths are matched case-sensitively, as Apex's `urlMapping` is; a `:name` or a middle `*`
 * matches one segment, a trailing `*` the rest (none included). Which route serves a path
 * follows Apex's rules: an exact mapping wins, else the longest wildcard mapping; among the
 * mappings that match, one that serves the method is taken before one that does not (so
 * `GET /orders/v1/:id` and `POST /orders/v1/*` live side by side). A path no mapping matches is
 * NOT_FOUND; a mapping without the method is METHOD_NOT_ALLOWED.
 * @see https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_classes_annotation_rest_resource.htm
 */

export const APEX_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type ApexMethod = (typeof APEX_METHODS)[number]

/** One compiled route. */
export interface UrlMapping<H> {
  /** The route as registered (`GET /orders/v1/:id`). */
  key: string
  /** Undefined: every method. */
  method: ApexMethod | undefined
  /** The path as Apex writes a mapping (`/orders/v1/*`): `:name` segments become `*`. */
  mapping: string
  segments: readonly Segment[]
  handler: H
}

type Segment = { literal: string } | { param: string } | { wildcard: true }

export type MappingMatch<H> =
  | { status: 'found'; route: UrlMapping<H>; params: Record<string, string> }
  | { status: 'not-found' }
  | { status: 'method-not-allowed'; allowed: string[] }

/** Compiles `routes`; a key that is no route fails loudly, naming it and the form it should have. */
export function compileMappings<H>(
  routes: Readonly<Record<string, H>>,
  what = 'Apex REST route',
): UrlMapping<H>[] {
  return Object.entries(routes).map(([key, handler]) => {
    if (typeof handler !== 'function') {
      throw new TypeError(`[replica-mock] Failed to register ${what} "${key}": expected a function`)
    }
    const match = /^(?:([A-Za-z]+)\s+)?(\/\S*)$/.exec(key.trim())
    const method = match?.[1]?.toUpperCase()
    if (!match || (method !== undefined && !(APEX_METHODS as readonly string[]).includes(method))) {
      throw new TypeError(
        `[replica-mock] Failed to register ${what} "${key}": expected "METHOD /path" with METHOD one of ${APEX_METHODS.join(', ')}, or "/path" for every method`,
      )
    }
    const parts = match[2]!.split('/').slice(1)
    if (parts.at(-1) === '') parts.pop()
    const segments = parts.map((part): Segment => {
      if (part === '*') return { wildcard: true }
      if (part.startsWith(':') && part.length > 1) return { param: part.slice(1) }
      if (part === '' || part.includes('*') || part === ':') {
        throw new TypeError(
          `[replica-mock] Failed to register ${what} "${key}": a segment is a name, ":param" or "*" (got "${part}")`,
        )
      }
      return { literal: part }
    })
    const mapping = `/${segments.map((segment) => ('literal' in segment ? segment.literal : '*')).join('/')}`
    return { key, method: method as ApexMethod | undefined, mapping, segments, handler }
  })
}

/** The route that serves `method` on `path` (`/orders/v1/42`, without the query). */
export function matchMapping<H>(
  mappings: readonly UrlMapping<H>[],
  method: string,
  path: string,
): MappingMatch<H> {
  const parts = path.split('/').slice(1)
  if (parts.at(-1) === '') parts.pop()
  const candidates: Array<{ route: UrlMapping<H>; params: Record<string, string> }> = []
  for (const route of mappings) {
    const params = matchSegments(route.segments, parts)
    if (params) candidates.push({ route, params })
  }
  if (candidates.length === 0) return { status: 'not-found' }
  // exact mappings first, then the longest (Apex's rule), then the order they were registered in
  const ranked = candidates
    .map((candidate, order) => ({ ...candidate, order }))
    .sort((a, b) => rank(b.route) - rank(a.route) || a.order - b.order)
  const upper = method === 'HEAD' ? 'GET' : method.toUpperCase()
  const served = ranked.find(({ route }) => route.method === undefined || route.method === upper)
  if (served) return { status: 'found', route: served.route, params: served.params }
  const best = ranked.filter(({ route }) => route.mapping === ranked[0]!.route.mapping)
  const allowed = APEX_METHODS.filter((name) => best.some(({ route }) => route.method === name))
  return { status: 'method-not-allowed', allowed }
}

function rank(route: UrlMapping<unknown>): number {
  const exact = route.segments.every((segment) => 'literal' in segment)
  return (exact ? 1_000_000 : 0) + route.mapping.length
}

function matchSegments(
  segments: readonly Segment[],
  parts: readonly string[],
): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  for (const [index, segment] of segments.entries()) {
    if ('wildcard' in segment && index === segments.length - 1) {
      params['*'] = parts.slice(index).map(decode).join('/')
      return params
    }
    const part = parts[index]
    if (part === undefined || part === '') return undefined
    if ('literal' in segment && segment.literal !== part) return undefined
    if ('param' in segment) params[segment.param] = decode(part)
  }
  return parts.length === segments.length ? params : undefined
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
