/**
 * @module
 * Who the org's code runs as: the call's actor, at the API version of the path (an invocable
 * action) or, for an Apex REST call (whose path has none), the newest version the app serves.
 */
import type { MetadataView } from '../metadata/metadata-service.js'
import type { NativeContext } from './native-env.js'

export function orgCodeView(c: NativeContext): MetadataView {
  const pathView = c.get('view') as MetadataView | undefined
  if (pathView) return pathView
  const { actor, apiVersions } = c.get('native').call
  const newest = apiVersions.reduce((best, next) => (Number(next) > Number(best) ? next : best), '0')
  return { actor, apiVersion: apiVersions.length > 0 ? newest : '60.0' }
}
