/**
 * @module
 * List views (`src/replica/list-views`): `GET /sobjects/{object}/listviews`,
 * `.../listviews/{id}` (basic information), `.../listviews/{id}/describe` (columns, query, sort,
 * filters) and `.../listviews/{id}/results` (a page of rows). `listviews/recent` (the caller's
 * recently used list views) fails loudly: the replica does not track list view use.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_listviews.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_listviewresults.htm
 */
import { UnsupportedFeatureError } from '../errors.js'
import { findListView, type ListView, listViewsOf } from '../list-views/list-view-catalog.js'
import { planListView } from '../list-views/list-view-query.js'
import { listViewResults, resultsPage } from '../list-views/list-view-results.js'
import { jsonUtf8 } from './json-response.js'
import { byMethod } from './method-dispatch.js'
import { basePath, type NativeContext } from './native-env.js'
import { refuseUnknownParams } from './query-params.js'

const NO_PARAMS: ReadonlySet<string> = new Set()
const RESULTS_PARAMS: ReadonlySet<string> = new Set(['limit', 'offset'])

export const listViewsResource = byMethod({ GET: listViews })
export const listViewResource = byMethod({ GET: listView })
export const listViewDescribeResource = byMethod({ GET: describe })
export const listViewResultsResource = byMethod({ GET: results })

function listViews(c: NativeContext): Response {
  refuseUnknownParams(c, NO_PARAMS)
  const object = objectOf(c)
  const views = listViewsOf(object).map((view) => basicInfo(c, view))
  return jsonUtf8(c, {
    done: true,
    listviews: views,
    nextRecordsUrl: null,
    size: views.length,
    sobjectType: object.name,
  })
}

function listView(c: NativeContext): Response {
  refuseUnknownParams(c, NO_PARAMS)
  return jsonUtf8(c, basicInfo(c, viewOf(c)))
}

function describe(c: NativeContext): Response {
  refuseUnknownParams(c, NO_PARAMS)
  const app = c.get('data')
  const view = c.get('view')
  return jsonUtf8(c, planListView(app.metadata, viewOf(c), view, app.records.userFor(view.actor)).describe)
}

function results(c: NativeContext): Response {
  refuseUnknownParams(c, RESULTS_PARAMS)
  const page = resultsPage(c.req.query('limit'), c.req.query('offset'))
  const app = c.get('data')
  const view = c.get('view')
  const listView = viewOf(c)
  const plan = planListView(app.metadata, listView, view, app.records.userFor(view.actor))
  const base = basePath(c)
  const run = (soql: string) =>
    app.openQuery(soql, view, { recordUrl: (type, id) => `${base}/sobjects/${type}/${id}` })
  return jsonUtf8(c, listViewResults(listView, plan, page, run))
}

function objectOf(c: NativeContext) {
  return c.get('data').metadata.getObject(c.req.param('object')!, c.get('view'))
}

/** The list view the path names (`/sobjects/{object}/listviews/{id}[/...]`). */
function viewOf(c: NativeContext): ListView {
  const id = c.req.param('value')!
  if (id.toLowerCase() === 'recent')
    throw new UnsupportedFeatureError('Recently used list views (listviews/recent)')
  return findListView(objectOf(c), id)
}

function basicInfo(c: NativeContext, view: ListView) {
  const url = `${basePath(c)}/sobjects/${view.object.name}/listviews/${view.id}`
  return {
    describeUrl: `${url}/describe`,
    developerName: view.def.developerName,
    id: view.id,
    label: view.def.label,
    resultsUrl: `${url}/results`,
    soqlCompatible: true,
    url,
  }
}
