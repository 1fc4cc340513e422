/**
 * The composite family's endpoints for the fuzz suite (docs/crm-replica.md, "Composite and sObject
 * Collections"): Composite, Batch, Graph, Tree and every sObject Collections form, each with
 * bodies in its own shape (composite-arbitraries.ts).
 */
import fc from 'fast-check'
import { mostly } from './arbitraries.js'
import {
  batchBody,
  collectionsBody,
  compositeBody,
  graphBody,
  idsParameter,
  treeBody,
} from './composite-arbitraries.js'
import { asJson, type Endpoint, fixed, V } from './endpoint.js'

const versioned = (tail: string) =>
  fc
    .constantFrom('v60.0', 'v60.0', 'v60.0', 'v60.0', 'v49.0', 'v34.0')
    .map((version) => `/services/data/${version}${tail}`)

/** `ids=…&fields=…&allOrNone=…` in any mix, ids often over the limit or malformed. */
const collectionsQuery = fc
  .record(
    {
      ids: idsParameter,
      fields: fc.constantFrom('Name', 'Id,Name', 'Nope__c', '', 'Name,Name', '%zz'),
      allOrNone: fc.constantFrom('true', 'false', 'x', ''),
      junk: fc.constantFrom('nope=1', 'ids=a'),
    },
    { requiredKeys: [] },
  )
  .map((params) =>
    Object.entries(params)
      .map(([name, value]) => (name === 'junk' ? value : `${name}=${value}`))
      .join('&'),
  )

export const COMPOSITE_ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'composite',
    surface: 'native',
    methods: ['POST', 'POST', 'POST', 'GET', 'PATCH'],
    path: () => versioned('/composite'),
    body: compositeBody,
    payload: asJson(compositeBody),
  },
  {
    name: 'composite batch',
    surface: 'native',
    methods: ['POST', 'POST', 'GET'],
    path: () => versioned('/composite/batch'),
    body: batchBody,
    payload: asJson(batchBody),
  },
  {
    name: 'composite graph',
    surface: 'native',
    methods: ['POST', 'POST', 'PUT'],
    path: () => versioned('/composite/graph'),
    body: graphBody,
    payload: asJson(graphBody),
  },
  {
    name: 'composite tree',
    surface: 'native',
    methods: ['POST', 'POST', 'POST', 'GET'],
    path: () =>
      mostly(['Account', 'Contact', 'Nope', 'Task']).map((object) => `${V}/composite/tree/${object}`),
    body: treeBody,
    payload: asJson(treeBody),
  },
  {
    name: 'collections create/update/delete',
    surface: 'native',
    methods: ['POST', 'PATCH', 'DELETE', 'GET'],
    path: fixed(`${V}/composite/sobjects`),
    queryText: () => collectionsQuery,
    body: collectionsBody,
    payload: asJson(collectionsBody),
  },
  {
    name: 'collections retrieve',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () => mostly(['Account', 'Contact', 'Nope']).map((object) => `${V}/composite/sobjects/${object}`),
    queryText: () => collectionsQuery,
    body: collectionsBody,
    payload: asJson(collectionsBody),
  },
  {
    name: 'collections upsert',
    surface: 'native',
    methods: ['PATCH', 'PATCH', 'POST'],
    path: () =>
      fc
        .tuple(mostly(['Account', 'Contact']), mostly(['External_Id__c', 'Id', 'Name', 'Nope__c']))
        .map(([object, field]) => `${V}/composite/sobjects/${object}/${field}`),
    body: collectionsBody,
    payload: asJson(collectionsBody),
  },
]
