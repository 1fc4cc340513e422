/**
 * @module
 * An object's `urls` in describe answers, as a real org lists them: the global describe entry
 * (and basic information's `objectDescribe`) names the object's API resources; the object's own
 * describe adds the browser URLs of its records (`uiDetailTemplate`, ...) and, up to 48.0,
 * `defaultValues`. Which resources an object has follows recorded answers
 * (test/recordings/describe): most objects have the layout, compact layout, approval layout,
 * list view and quick action resources; Organization none of them; User and Case their own.
 * Keys a version does not have are left out (describe-keys-by-version.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm
 */
import type { ObjectDef } from '../../schemas/crm-schema.js'
import { versionBasePath } from './api-version.js'
import { keyExistsAt } from './describe-keys-by-version.js'

/** A resource an object's `urls` can name, beyond `sobject`, `describe` and `rowTemplate`. */
export type ObjectResource =
  | 'compactLayouts'
  | 'approvalLayouts'
  | 'caseArticleSuggestions'
  | 'caseRowArticleSuggestions'
  | 'listviews'
  | 'namedLayouts'
  | 'passwordUtilities'
  | 'quickActions'
  | 'layouts'

const LAYOUTABLE: readonly ObjectResource[] = [
  'compactLayouts',
  'approvalLayouts',
  'listviews',
  'quickActions',
  'layouts',
]

/** Objects whose resources differ from a layoutable object's, as a real org's global describe lists them. */
const RESOURCES_OF: Readonly<Record<string, readonly ObjectResource[]>> = {
  Organization: [],
  User: ['compactLayouts', 'namedLayouts', 'passwordUtilities', 'quickActions', 'layouts'],
  Case: [
    'compactLayouts',
    'approvalLayouts',
    'caseArticleSuggestions',
    'caseRowArticleSuggestions',
    'listviews',
    'quickActions',
    'layouts',
  ],
}

/** The resources `object`'s urls name (whatever the version). */
export function objectResources(object: ObjectDef): readonly ObjectResource[] {
  return Object.hasOwn(RESOURCES_OF, object.name) ? RESOURCES_OF[object.name]! : LAYOUTABLE
}

/** True for an object with page layouts (describe's `layoutable`). */
export function isLayoutable(object: ObjectDef): boolean {
  return objectResources(object).includes('layouts')
}

function resourcePath(base: string, resource: ObjectResource): string {
  switch (resource) {
    case 'compactLayouts':
    case 'approvalLayouts':
    case 'layouts':
      return `${base}/describe/${resource}`
    case 'namedLayouts':
      return `${base}/describe/namedLayouts/{LayoutName}`
    case 'passwordUtilities':
      return `${base}/{ID}/password`
    case 'caseArticleSuggestions':
      return `${base}/suggestedArticles`
    case 'caseRowArticleSuggestions':
      return `${base}/{ID}/suggestedArticles`
    case 'listviews':
    case 'quickActions':
      return `${base}/${resource}`
  }
}

/** The `urls` of a global describe entry and of basic information's `objectDescribe`. */
export function globalUrls(object: ObjectDef, apiVersion: string | number): Record<string, string> {
  const base = `${versionBasePath(apiVersion)}/sobjects/${object.name}`
  const urls: Record<string, string> = {}
  for (const resource of objectResources(object)) {
    if (keyExistsAt('urls', resource, apiVersion)) urls[resource] = resourcePath(base, resource)
  }
  return { ...urls, rowTemplate: `${base}/{ID}`, describe: `${base}/describe`, sobject: base }
}

/**
 * The `urls` of an object's describe: its resources and the browser URLs of its records on the
 * instance (`instanceUrl`), pages the replica does not serve (NOT_FOUND there).
 */
export function describeUrls(
  object: ObjectDef,
  apiVersion: string | number,
  instanceUrl: string,
): Record<string, string> {
  const base = `${versionBasePath(apiVersion)}/sobjects/${object.name}`
  const urls: Record<string, string> = { ...globalUrls(object, apiVersion) }
  if (objectResources(object).length > 0) {
    urls.uiDetailTemplate = `${instanceUrl}/{ID}`
    urls.uiEditTemplate = `${instanceUrl}/{ID}/e`
    urls.uiNewRecord = `${instanceUrl}/${object.keyPrefix}/e`
    if (keyExistsAt('urls', 'defaultValues', apiVersion)) {
      urls.defaultValues = `${base}/defaultValues?recordTypeId&fields`
    }
  }
  return urls
}
