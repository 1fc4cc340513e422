/**
 * Bulk API 2.0's endpoints for the fuzz suite (docs/bulk-api.md): ingest and query jobs,
 * CSV uploads, state changes, result files and results pages, each with input in its own format
 * (csv-arbitraries.ts). Paths use the target's jobs (Open, Open with data, JobComplete, a query
 * job) so requests reach past "not found".
 */
import fc from 'fast-check'
import { mostly, soql } from './arbitraries.js'
import {
  csvUpload,
  ingestJobBody,
  jobStateBody,
  multipartJob,
  queryJobBody,
  resultsQuery,
} from './csv-arbitraries.js'
import { asJson, type Endpoint, fixed, type KnownIds, V } from './endpoint.js'

const jobs = (ids: KnownIds) => [ids.openJobId, ids.loadedJobId, ids.doneJobId, ids.queryJobId]
const listQuery = ['jobType', 'concurrencyMode', 'isPkChunkingEnabled', 'queryLocator']

export const BULK_ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'bulk ingest jobs',
    surface: 'native',
    methods: ['POST', 'POST', 'GET'],
    path: () =>
      fc.constantFrom(
        `${V}/jobs/ingest`,
        `${V}/jobs/ingest`,
        `${V}/jobs/ingest`,
        '/services/data/v40.0/jobs/ingest',
      ),
    query: listQuery,
    body: ingestJobBody,
    payload: fc.oneof(asJson(ingestJobBody), multipartJob),
  },
  {
    name: 'bulk upload',
    surface: 'native',
    methods: ['PUT', 'PUT', 'PUT', 'PUT', 'POST'],
    path: (ids) =>
      mostly([ids.openJobId, ids.loadedJobId, ids.loadedJobId, ids.doneJobId, ids.queryJobId]).map(
        (id) => `${V}/jobs/ingest/${id}/batches`,
      ),
    payload: csvUpload,
  },
  {
    name: 'bulk job',
    surface: 'native',
    methods: ['GET', 'PATCH', 'DELETE', 'PATCH', 'POST'],
    path: (ids) =>
      fc
        .tuple(fc.constantFrom('ingest', 'query'), mostly(jobs(ids)))
        .map(([kind, id]) => `${V}/jobs/${kind}/${id}`),
    body: jobStateBody,
    payload: asJson(jobStateBody),
  },
  {
    name: 'bulk ingest results',
    surface: 'native',
    methods: ['GET', 'GET', 'DELETE'],
    path: (ids) =>
      fc
        .tuple(
          mostly(jobs(ids)),
          fc.constantFrom('successfulResults', 'failedResults', 'unprocessedrecords', 'nope'),
        )
        .map(([id, kind]) => `${V}/jobs/ingest/${id}/${kind}`),
  },
  {
    name: 'bulk query jobs',
    surface: 'native',
    methods: ['POST', 'POST', 'GET'],
    path: fixed(`${V}/jobs/query`),
    query: listQuery,
    body: queryJobBody(soql()),
    payload: asJson(queryJobBody(soql())),
  },
  {
    name: 'bulk query results',
    surface: 'native',
    methods: ['GET'],
    path: (ids) =>
      fc
        .tuple(
          fc.constantFrom('v60.0', 'v60.0', 'v58.0', 'v57.0', 'v49.0'),
          mostly([ids.queryJobId, ids.doneJobId]),
          fc.constantFrom('results', 'results', 'resultPages'),
        )
        .map(([version, id, tail]) => `/services/data/${version}/jobs/query/${id}/${tail}`),
    queryText: (ids) => resultsQuery(ids.queryJobId),
  },
]
