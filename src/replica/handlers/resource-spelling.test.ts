import { expect, it } from 'vitest'
import { resourceSpelling } from './resource-spelling.js'

const PREFIX = '/services/data/:version{v[0-9]+\\.[0-9]+}'
const spell = resourceSpelling(PREFIX, [
  '/*',
  '/sobjects/*',
  '/sobjects/:object/:id/:value',
  '/query',
  '/queryAll',
  '/jobs/ingest/:jobId/successfulResults',
  '/jobs/ingest/:jobId/unprocessedrecords',
  '/tooling/*',
])

it.each([
  ['/services/data/v60.0/QUERY', '/services/data/v60.0/query'],
  ['/services/data/v60.0/queryall', '/services/data/v60.0/queryAll'],
  [
    '/services/data/v60.0/jobs/Ingest/750Ab/SUCCESSFULRESULTS',
    '/services/data/v60.0/jobs/ingest/750Ab/successfulResults',
  ],
  [
    '/services/data/v60.0/jobs/ingest/750Ab/unprocessedRecords',
    '/services/data/v60.0/jobs/ingest/750Ab/unprocessedrecords',
  ],
  ['/services/data/v60.0/Tooling/Query/X', '/services/data/v60.0/tooling/Query/X'],
])('puts the fixed segments of %s in the routes’ spelling', (path, spelled) => {
  expect(spell(path)).toBe(spelled)
})

it.each([
  // parameters keep their case, even when they read like a fixed segment
  '/services/data/v60.0/sobjects/Account/Ext__c/Query',
  '/services/data/v60.0/sobjects/ACCOUNT/001Ab',
  // no route: left as it is
  '/services/data/v60.0/jobs/ingest/750Ab/unknownResults',
  '/services/data/v60.0/Queries',
  // the prefix is matched as written by the routes, not here
  '/Services/Data/v60.0/Query',
  '/services/data',
])('leaves %s as it is', (path) => {
  expect(spell(path)).toBe(path)
})
