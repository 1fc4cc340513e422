/**
 * Every endpoint the fuzz suite drives, one table entry each (endpoint.ts says what an entry
 * holds): every `/v1` operation and the OpenAPI document, the native REST and SOQL endpoints, the
 * composite family (composite-endpoints.ts), Bulk API 2.0 (bulk-endpoints.ts), and the control
 * API with the web inspector's data routes and the fidelity report. A new endpoint joins by
 * adding an entry; nothing else changes.
 */
import fc from 'fast-check'
import { queryString, segment, soql } from './arbitraries.js'
import { BULK_ENDPOINTS } from './bulk-endpoints.js'
import { COMPOSITE_ENDPOINTS } from './composite-endpoints.js'
import { type Endpoint, fixed, V } from './endpoint.js'
import { LOGIN_ENDPOINTS } from './login-endpoints.js'
import { SYNC_ENDPOINTS } from './sync-endpoints.js'

export type { Endpoint, KnownIds, Surface } from './endpoint.js'

const labels = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 300 }), { maxKeys: 70 })
const settings = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 })
const environmentBody = fc.record(
  {
    apps: fc.array(
      fc.oneof(
        fc.constantFrom('crm', 'nope'),
        fc.record({ app: fc.constant('crm'), name: fc.string(), settings }),
      ),
      { maxLength: 11 },
    ),
    labels,
    name: fc.oneof(fc.string({ maxLength: 130 }), fc.constant(null)),
    timeLimitMinutes: fc.integer({ min: -5, max: 2000 }),
    tokenInUrl: fc.boolean(),
    workspaceId: fc.constantFrom('ws_default', 'ws_other', 'ws_archived', 'nope'),
  },
  { requiredKeys: [] },
)
const account = fc.record(
  {
    Name: fc.string({ maxLength: 300 }),
    Industry: fc.constantFrom('Energy', 'Banking', 'Nope'),
    AnnualRevenue: fc.oneof(fc.double(), fc.string()),
    External_Id__c: fc.string({ maxLength: 30 }),
    Regions__c: fc.string(),
    Nope__c: fc.string(),
    Id: fc.string(),
  },
  { requiredKeys: [] },
)

export const ENDPOINTS: readonly Endpoint[] = [
  // ---- management (/v1): every operation ----
  { name: 'getMe', surface: 'management', methods: ['GET'], path: fixed('/v1/me') },
  { name: 'listApps', surface: 'management', methods: ['GET'], path: fixed('/v1/apps') },
  {
    name: 'listVersions',
    surface: 'management',
    methods: ['GET'],
    path: () => segment(['crm']).map((id) => `/v1/apps/${id}/versions`),
  },
  {
    name: 'listWorkspaces',
    surface: 'management',
    methods: ['GET'],
    path: fixed('/v1/workspaces'),
    query: ['archived'],
  },
  {
    name: 'getWorkspace',
    surface: 'management',
    methods: ['GET'],
    path: () => segment(['ws_default', 'ws_other']).map((id) => `/v1/workspaces/${id}`),
  },
  {
    name: 'environments',
    surface: 'management',
    methods: ['GET', 'POST', 'PUT'],
    path: fixed('/v1/environments'),
    query: ['workspaceId', 'status', 'snapshotId', 'search', 'label'],
    body: environmentBody,
  },
  {
    name: 'environment',
    surface: 'management',
    methods: ['GET', 'PATCH', 'DELETE', 'POST'],
    path: (ids) => segment([ids.environmentId]).map((id) => `/v1/environments/${id}`),
    body: fc.record({ labels, name: fc.string({ maxLength: 130 }) }, { requiredKeys: [] }),
  },
  {
    name: 'pause/resume',
    surface: 'management',
    methods: ['POST'],
    path: (ids) =>
      fc
        .tuple(segment([ids.environmentId]), fc.constantFrom('pause', 'resume'))
        .map(([id, verb]) => `/v1/environments/${id}/${verb}`),
  },
  {
    name: 'createCredentials',
    surface: 'management',
    methods: ['POST'],
    path: (ids) =>
      fc
        .tuple(segment([ids.environmentId]), segment(['crm']))
        .map(([id, app]) => `/v1/environments/${id}/apps/${app}/credentials`),
    body: fc.record({ actorId: fc.constantFrom('admin', 'readonly', 'nobody') }, { requiredKeys: [] }),
  },
  {
    name: 'snapshots',
    surface: 'management',
    methods: ['GET', 'POST'],
    path: fixed('/v1/snapshots'),
    query: ['workspaceId', 'environmentId', 'status'],
    body: fc.record(
      { environmentId: fc.string(), name: fc.string({ maxLength: 130 }) },
      { requiredKeys: [] },
    ),
  },
  {
    name: 'snapshot',
    surface: 'management',
    methods: ['GET', 'PATCH', 'DELETE'],
    path: (ids) => segment([ids.snapshotId]).map((id) => `/v1/snapshots/${id}`),
    body: fc.record({ name: fc.string({ maxLength: 130 }) }, { requiredKeys: [] }),
  },
  {
    name: 'listAuditEvents',
    surface: 'management',
    methods: ['GET'],
    path: fixed('/v1/audit-events'),
    query: ['workspaceId', 'environmentId'],
  },
  {
    name: 'listRequests/stats',
    surface: 'management',
    methods: ['GET'],
    path: () => fc.constantFrom('/v1/requests', '/v1/requests/stats'),
    query: [
      'environmentId',
      'app',
      'method',
      'responseStatus',
      'statusClass',
      'writesOnly',
      'search',
      'from',
      'to',
    ],
  },
  {
    name: 'getRequest/body',
    surface: 'management',
    methods: ['GET'],
    path: (ids) =>
      fc
        .tuple(segment([ids.requestId]), fc.constantFrom('', '/body/request', '/body/response', '/body/nope'))
        .map(([id, tail]) => `/v1/requests/${id}${tail}`),
  },
  {
    name: 'openapi document',
    surface: 'management',
    methods: ['GET', 'GET', 'POST', 'HEAD'],
    path: () =>
      fc.constantFrom('/v1/openapi.json', '/v1/openapi.json/', '/v1/openapi.yaml', '/v1/OpenAPI.json'),
  },
  // ---- native (REST, SOQL) ----
  {
    name: 'versions',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () => fc.constantFrom('/services/data', `${V}`, '/services/data/v99.0', '/services/data/vX'),
  },
  {
    name: 'sobjects',
    surface: 'native',
    methods: ['GET', 'POST', 'PATCH'],
    path: () => segment(['Account', 'Contact', 'Invoice__c']).map((object) => `${V}/sobjects/${object}`),
    body: account,
  },
  {
    name: 'describe',
    surface: 'native',
    methods: ['GET'],
    path: () =>
      fc.oneof(
        fc.constant(`${V}/sobjects`),
        segment(['Account', 'User']).map((object) => `${V}/sobjects/${object}/describe`),
      ),
  },
  {
    name: 'describe resources',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () =>
      fc
        .tuple(
          segment(['Account', 'Case', 'User', 'Organization']),
          fc.constantFrom(
            'describe/layouts',
            'describe/layouts/012000000000000AAA',
            'describe/layouts/012000000000000',
            'describe/layouts/%E0%A4%A',
            'describe/compactLayouts',
            'describe/approvalLayouts',
            'describe/namedLayouts/x',
            'quickActions',
            'defaultValues',
            'suggestedArticles',
          ),
        )
        .map(([object, tail]) => `${V}/sobjects/${object}/${tail}`),
  },
  {
    name: 'record',
    surface: 'native',
    methods: ['GET', 'PATCH', 'DELETE', 'POST'],
    path: (ids) =>
      fc
        .tuple(segment(['Account', 'Contact']), segment([ids.accountId, '001Rm0000000001IAA']))
        .map(([object, id]) => `${V}/sobjects/${object}/${id}`),
    query: ['fields', '_HttpMethod'],
    body: account,
  },
  {
    name: 'external id',
    surface: 'native',
    methods: ['GET', 'PATCH', 'DELETE'],
    path: () =>
      fc
        .tuple(segment(['External_Id__c', 'Industry']), segment(['ACME-001', 'x']))
        .map(([field, value]) => `${V}/sobjects/Account/${field}/${value}`),
    query: ['updateOnly'],
    body: account,
  },
  {
    name: 'query',
    surface: 'native',
    methods: ['GET'],
    path: () => fc.constantFrom(`${V}/query`, `${V}/queryAll`),
    queryText: () =>
      fc
        .tuple(soql(), queryString(['q', 'explain']))
        .map(([q, rest]) => `q=${encodeURIComponent(q)}${rest ? `&${rest}` : ''}`),
  },
  {
    name: 'query locator',
    surface: 'native',
    methods: ['GET'],
    path: () =>
      segment(['01gRm0000000001IAA-2000', '01gRm0000000001IAA-0']).map((locator) => `${V}/query/${locator}`),
  },
  {
    name: 'unsupported',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () =>
      fc.constantFrom(`${V}/tooling/query`, `${V}/actions/custom/flow/Any`, `${V}/parameterizedSearch`),
  },
  // the org's own code (fuzz-target.ts registers an echo route, an action and a platform event)
  {
    name: 'apex rest',
    surface: 'native',
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    path: () =>
      fc.constantFrom(
        '/services/apexrest/fuzz/a/b',
        '/services/apexrest/fuzz',
        '/services/apexrest/x',
        '/services/apexrest',
      ),
    body: fc.jsonValue({ maxDepth: 3 }),
  },
  {
    name: 'invocable actions',
    surface: 'native',
    methods: ['GET', 'POST'],
    path: () =>
      fc.constantFrom(
        `${V}/actions`,
        `${V}/actions/custom`,
        `${V}/actions/custom/apex`,
        `${V}/actions/custom/apex/Echo`,
        `${V}/actions/custom/apex/Nope`,
        `${V}/actions/standard/chatterPost`,
      ),
    body: fc.record({
      inputs: fc.array(fc.record({ text: fc.string({ maxLength: 20 }) }), { maxLength: 5 }),
    }),
  },
  {
    name: 'platform event',
    surface: 'native',
    methods: ['POST', 'GET'],
    path: fixed(`${V}/sobjects/Fuzz_Event__e`),
    body: fc.record(
      { Ref__c: fc.string({ maxLength: 30 }), Count__c: fc.oneof(fc.double(), fc.string()) },
      { requiredKeys: [] },
    ),
  },
  ...SYNC_ENDPOINTS,
  ...COMPOSITE_ENDPOINTS,
  ...BULK_ENDPOINTS,
  ...LOGIN_ENDPOINTS,
  // ---- control API ----
  { name: 'health', surface: 'control', methods: ['GET'], path: fixed('/__replica/health') },
  { name: 'ca certificate', surface: 'control', methods: ['GET'], path: fixed('/__replica/ca.pem') },
  {
    name: 'clock',
    surface: 'control',
    methods: ['GET', 'POST'],
    path: fixed('/__replica/clock'),
    body: fc.record({ advanceMs: fc.integer({ min: -1, max: 1000 }) }),
  },
  {
    name: 'lifecycle',
    surface: 'control',
    methods: ['GET', 'PUT'],
    path: fixed('/__replica/lifecycle'),
    body: fc.record({ startMs: fc.integer({ min: -1, max: 0 }) }, { requiredKeys: [] }),
  },
  { name: 'state', surface: 'control', methods: ['GET', 'PUT'], path: fixed('/__replica/state') },
  { name: 'faults', surface: 'control', methods: ['GET', 'DELETE'], path: fixed('/__replica/faults') },
  {
    name: 'seed',
    surface: 'control',
    methods: ['POST'],
    path: () => fc.constantFrom('/__replica/seed/environment', '/__replica/seed/snapshot'),
    body: fc.record(
      { status: fc.constantFrom('running', 'paused', 'nope'), name: fc.string(), labels },
      { requiredKeys: [] },
    ),
  },
  {
    name: 'fidelity',
    surface: 'control',
    methods: ['GET', 'GET', 'DELETE', 'POST'],
    path: () => fc.constantFrom('/__replica/fidelity', '/__replica/fidelity/', '/__replica/fidelity/x'),
    query: ['format'],
  },
  {
    name: 'inspector page',
    surface: 'control',
    methods: ['GET', 'POST'],
    path: () =>
      fc
        .oneof(
          segment(['', 'api.js', 'inspector.css', 'index.html', 'nope.js', '..%2Fpackage.json']),
          fc.constant('api/session'),
        )
        .map((file) => `/__replica/ui/${file}`),
  },
  {
    name: 'inspector records',
    surface: 'control',
    methods: ['GET', 'GET', 'GET', 'DELETE'],
    path: (ids) =>
      fc
        .tuple(
          segment([ids.nativeEnvironmentId, ids.environmentId]),
          segment(['crm', 'nope']),
          fc.option(segment(['Account', 'Contact', 'Nope'])),
          fc.option(segment([ids.accountId, '001Rm0000000001IAA', '001'])),
        )
        .map(([environment, app, object, id]) => {
          const base = `/__replica/ui/api/environments/${environment}/apps/${app}/objects`
          if (object === null) return base
          return `${base}/${object}/records${id === null ? '' : `/${id}`}`
        }),
    query: ['limit', 'offset'],
  },
]
