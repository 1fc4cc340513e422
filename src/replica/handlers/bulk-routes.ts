/**
 * @module
 * Bulk API 2.0 under `/services/data/vXX.X/jobs`: ingest jobs (create — JSON, or multipart with
 * the data —, upload CSV, close or abort, status, the three result files, list, delete) and
 * query jobs (create, status, abort, delete, list, results pages, `resultPages` from 58.0). The
 * routes are registered here; their work (bulk-endpoints.ts) loads with the first Bulk API
 * request (lazy-handler.ts). Due jobs were processed before a route runs (crm-routes.ts).
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_asynch.meta/api_asynch/bulk_api_2_0.htm
 */
import type { Hono } from 'hono'
import { INGEST_RESULTS } from '../bulk/ingest-results.js'
import { withLoaded } from './lazy-handler.js'
import { resource } from './method-dispatch.js'
import type { NativeContext, NativeEnv } from './native-env.js'

const endpoints = () => import('./bulk-endpoints.js')
type Endpoints = Awaited<ReturnType<typeof endpoints>>

/** A handler running `work` with the endpoints loaded. */
function bulk(work: (endpoints: Endpoints, c: NativeContext) => Response | Promise<Response>) {
  return (c: NativeContext) => withLoaded(c, endpoints, (loaded) => work(loaded, c))
}

export function bulkRoutes(app: Hono<NativeEnv>): void {
  resource(app, '/jobs/ingest', {
    GET: bulk((e, c) => e.list(c, 'ingest')),
    POST: bulk((e, c) => e.createIngest(c)),
  })
  resource(app, '/jobs/ingest/:jobId', {
    GET: bulk((e, c) => e.info(c, e.ingestJob(c))),
    PATCH: bulk((e, c) => e.changeState(c, e.ingestJob(c))),
    DELETE: bulk((e, c) => e.remove(c, e.ingestJob(c))),
  })
  resource(app, '/jobs/ingest/:jobId/batches', { PUT: bulk((e, c) => e.upload(c)) })
  for (const kind of INGEST_RESULTS) {
    resource(app, `/jobs/ingest/:jobId/${kind}`, { GET: bulk((e, c) => e.ingestResultFile(c, kind)) })
  }
  resource(app, '/jobs/query', {
    GET: bulk((e, c) => e.list(c, 'query')),
    POST: bulk((e, c) => e.createQuery(c)),
  })
  resource(app, '/jobs/query/:jobId', {
    GET: bulk((e, c) => e.info(c, e.queryJob(c))),
    PATCH: bulk((e, c) => e.changeState(c, e.queryJob(c))),
    DELETE: bulk((e, c) => e.remove(c, e.queryJob(c))),
  })
  resource(app, '/jobs/query/:jobId/results', { GET: bulk((e, c) => e.queryResults(c)) })
  resource(app, '/jobs/query/:jobId/resultPages', { GET: bulk((e, c) => e.queryResultPages(c)) })
}
