/**
 * @module
 * Real Salesforce endpoints the replica does not emulate (yet). Each fails loudly with a
 * Salesforce-shaped `FEATURE_NOT_ENABLED` error naming the feature (501), never a silent success
 * or a bare 404 that reads like a typo. When a feature lands, its entry goes and its routes come.
 */
import type { Handler, Hono } from 'hono'
import { UnsupportedFeatureError } from '../errors.js'
import type { NativeEnv } from './native-env.js'

/** Path (relative to `/services/data/vXX.X`) -> feature. */
const VERSIONED: ReadonlyArray<[string, string]> = [
  ['/parameterizedSearch', 'Parameterized search'],
  ['/tooling/*', 'Tooling API'],
  ['/analytics/*', 'Analytics (reports and dashboards)'],
  ['/process/*', 'Processes and approvals'],
  ['/chatter/*', 'Connect REST API'],
  ['/connect/*', 'Connect REST API'],
  ['/ui-api/*', 'User Interface API'],
  ['/graphql', 'GraphQL API'],
]

/** Path (relative to `/services`) -> feature, outside the REST API. */
const SERVICES: ReadonlyArray<[string, string]> = [
  ['/async/*', 'Bulk API 1.0'],
  ['/Soap/*', 'SOAP API (only the partner login and logout are served)'],
  ['/oauth2/*', 'This OAuth 2.0 endpoint (token, authorize, revoke and userinfo are served)'],
]

/** A handler failing with FEATURE_NOT_ENABLED for `feature`. */
export function unsupported(feature: string): Handler<NativeEnv> {
  return () => {
    throw new UnsupportedFeatureError(feature)
  }
}

/** Registers the versioned unsupported endpoints (after the served ones). */
export function unsupportedVersionedRoutes(app: Hono<NativeEnv>): void {
  for (const [path, feature] of VERSIONED) app.all(path, unsupported(feature))
}

/** Registers the unsupported services outside `/services/data`. */
export function unsupportedServiceRoutes(app: Hono<NativeEnv>): void {
  for (const [path, feature] of SERVICES) app.all(`/services${path}`, unsupported(feature))
}
