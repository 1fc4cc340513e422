import { describe, expect, it } from 'vitest'
import {
  App,
  AppId,
  AppName,
  AuditEvent,
  CreateCredentials,
  CreateEnvironment,
  CreateSnapshot,
  Credentials,
  Environment,
  EnvironmentList,
  ErrorBody,
  ErrorCode,
  Id,
  IdempotencyKey,
  Labels,
  ListEnvironmentsQuery,
  ListRequestsQuery,
  ListSnapshotsQuery,
  ListWorkspacesQuery,
  Me,
  PageQuery,
  Permission,
  RecordedRequest,
  RecordedRequestDetail,
  RequestFilterQuery,
  RequestStats,
  RequestStatsQuery,
  Snapshot,
  Timestamp,
  UpdateEnvironment,
  UpdateSnapshot,
  Version,
  Workspace,
} from './index.js'

const ts = '2026-01-01T00:00:00.000Z'
const principal = { type: 'api_key', id: 'key_1', name: 'CI key' } as const
const environment = {
  id: 'env_1',
  workspaceId: 'ws_default',
  name: null,
  labels: { team: 'crm' },
  status: 'running',
  reason: null,
  failure: null,
  timeLimitMinutes: 60,
  tokenInUrl: false,
  snapshotId: null,
  apps: [
    {
      name: 'crm',
      appId: 'crm',
      versionId: 'v60',
      version: '60.0',
      settings: {},
      url: 'https://api.replica.test/apps/env_1/crm',
    },
  ],
  createdBy: principal,
  createdAt: ts,
  startedAt: ts,
  pausedAt: null,
  deletedAt: null,
  expiresAt: ts,
}
const recordedRequest = {
  id: 'req_0123456789abcdef',
  environmentId: 'env_1',
  app: 'crm',
  method: 'GET',
  path: '/services/data',
  query: '',
  responseStatus: 200,
  respondedBy: 'app',
  errorCode: null,
  durationMs: 3,
  requestBytes: null,
  responseBytes: 120,
  receivedAt: ts,
  completedAt: ts,
}
const preview = {
  coverage: 'recorded',
  reason: null,
  contentType: 'application/json',
  bytes: 2,
  encoding: 'utf8',
  preview: '{}',
  previewTruncated: false,
}
const requestFilter = { environmentId: 'env_1' }

function repeat(count: number, char = 'a'): string {
  return char.repeat(count)
}

function items(count: number, make: (index: number) => string): string[] {
  return Array.from({ length: count }, (_, index) => make(index))
}

describe('common', () => {
  it('accepts an ID of 128 chars', () => {
    expect(Id.safeParse(repeat(128)).success).toBe(true)
  })
  it('rejects an ID of 129 chars', () => {
    expect(Id.safeParse(repeat(129)).success).toBe(false)
  })
  it('accepts an ID of 1 char with the allowed punctuation after it', () => {
    expect(Id.safeParse('a').success).toBe(true)
    expect(Id.safeParse('a._:-b').success).toBe(true)
  })
  it('rejects an empty ID, a leading punctuation char and a slash', () => {
    expect(Id.safeParse('').success).toBe(false)
    expect(Id.safeParse('-a').success).toBe(false)
    expect(Id.safeParse('a/b').success).toBe(false)
  })
  it('accepts APP_IDs of 2 and 40 chars', () => {
    expect(AppId.safeParse('cr').success).toBe(true)
    expect(AppId.safeParse(`c${repeat(39, 'r')}`).success).toBe(true)
    expect(AppId.safeParse('crm-2').success).toBe(true)
  })
  it('rejects APP_IDs of 1 and 41 chars, uppercase, a leading digit and an underscore', () => {
    expect(AppId.safeParse('c').success).toBe(false)
    expect(AppId.safeParse(`c${repeat(40, 'r')}`).success).toBe(false)
    expect(AppId.safeParse('Crm').success).toBe(false)
    expect(AppId.safeParse('1crm').success).toBe(false)
    expect(AppId.safeParse('crm_x').success).toBe(false)
  })
  it('accepts APP_NAMEs of 1 and 40 chars', () => {
    expect(AppName.safeParse('c').success).toBe(true)
    expect(AppName.safeParse(`c${repeat(39, 'r')}`).success).toBe(true)
  })
  it('rejects APP_NAMEs of 0 and 41 chars', () => {
    expect(AppName.safeParse('').success).toBe(false)
    expect(AppName.safeParse(`c${repeat(40, 'r')}`).success).toBe(false)
  })
  it('accepts timestamps with Z and with an offset', () => {
    expect(Timestamp.safeParse(ts).success).toBe(true)
    expect(Timestamp.safeParse('2026-01-01T00:00:00+01:00').success).toBe(true)
  })
  it('rejects a date without a time and a non-date', () => {
    expect(Timestamp.safeParse('2026-01-01').success).toBe(false)
    expect(Timestamp.safeParse('yesterday').success).toBe(false)
  })
  it('accepts a label value of 256 chars', () => {
    expect(Labels.safeParse({ team: repeat(256) }).success).toBe(true)
  })
  it('rejects a label value of 257 chars and a non-string value', () => {
    expect(Labels.safeParse({ team: repeat(257) }).success).toBe(false)
    expect(Labels.safeParse({ team: 1 }).success).toBe(false)
  })
  it('accepts idempotency keys of 8 and 128 chars', () => {
    expect(IdempotencyKey.safeParse('aA0._:-z').success).toBe(true)
    expect(IdempotencyKey.safeParse(repeat(128)).success).toBe(true)
  })
  it('rejects idempotency keys of 7 and 129 chars and a bad char', () => {
    expect(IdempotencyKey.safeParse(repeat(7)).success).toBe(false)
    expect(IdempotencyKey.safeParse(repeat(129)).success).toBe(false)
    expect(IdempotencyKey.safeParse('abcd efgh').success).toBe(false)
    expect(IdempotencyKey.safeParse('abcdefgh/').success).toBe(false)
  })
  it('accepts limit 1 and 100 and defaults it to 50', () => {
    expect(PageQuery.parse({ limit: '1' }).limit).toBe(1)
    expect(PageQuery.parse({ limit: '100' }).limit).toBe(100)
    expect(PageQuery.parse({})).toEqual({ limit: 50 })
  })
  it('rejects limit 0, 101, 1.5, abc, empty and repeated', () => {
    for (const limit of ['0', '101', '1.5', 'abc', '', '1e1', ['1', '2']]) {
      expect(PageQuery.safeParse({ limit }).success, String(limit)).toBe(false)
    }
  })
  it('accepts a cursor of 2048 chars', () => {
    expect(PageQuery.parse({ cursor: repeat(2048) }).cursor).toHaveLength(2048)
  })
  it('rejects a cursor of 2049 chars', () => {
    expect(PageQuery.safeParse({ cursor: repeat(2049) }).success).toBe(false)
  })
  it('ignores unknown query parameters', () => {
    expect(PageQuery.parse({ limit: '5', other: 'x' })).toEqual({ limit: 5 })
  })
})

describe('app', () => {
  it('accepts an app and a version', () => {
    const app = {
      id: 'crm',
      type: 'replica',
      name: 'CRM',
      vendor: 'Vendor',
      description: 'A CRM replica',
      logoPath: '/logos/crm.svg',
      defaultVersionId: 'v60',
    }
    expect(App.safeParse(app).success).toBe(true)
    const version = {
      id: 'v60',
      appId: 'crm',
      version: '60.0',
      status: 'published',
      isDefault: true,
      apis: [
        {
          id: 'rest',
          name: 'REST',
          apiVersions: items(200, (index) => `${index}.0`),
          pathTemplate: '/services/data/v{version}',
          requestContentType: 'application/json',
          actorHeader: 'x-actor',
          actorVariable: 'actor',
          limitations: [],
          interactive: false,
        },
      ],
      actors: [{ id: 'admin', name: 'Admin', summary: 'Everything' }],
      publishedAt: ts,
      retiredAt: null,
    }
    expect(Version.safeParse(version).success).toBe(true)
  })
  it('rejects an app with an extra field or a wrong type', () => {
    const app = {
      id: 'crm',
      type: 'replica',
      name: 'CRM',
      vendor: 'Vendor',
      description: '',
      logoPath: '',
      defaultVersionId: null,
    }
    expect(App.safeParse(app).success).toBe(true)
    expect(App.safeParse({ ...app, secret: 'x' }).success).toBe(false)
    expect(App.safeParse({ ...app, type: 'native' }).success).toBe(false)
  })
})

describe('environment', () => {
  it('accepts an environment response and a list of them', () => {
    expect(Environment.safeParse(environment).success).toBe(true)
    expect(EnvironmentList.safeParse({ data: [environment], nextCursor: null }).success).toBe(true)
  })
  it('rejects an environment with a leaked field or a missing nullable field', () => {
    expect(Environment.safeParse({ ...environment, token: 'x' }).success).toBe(false)
    const { pausedAt: _pausedAt, ...withoutPausedAt } = environment
    expect(Environment.safeParse(withoutPausedAt).success).toBe(false)
  })
  it('accepts apps of 1 and 10 items, as ids or objects', () => {
    expect(CreateEnvironment.safeParse({ apps: ['crm'] }).success).toBe(true)
    expect(CreateEnvironment.safeParse({ apps: items(10, () => 'crm') }).success).toBe(true)
    expect(
      CreateEnvironment.safeParse({ apps: [{ app: 'crm', name: 'sales', settings: { version: '60.0' } }] })
        .success,
    ).toBe(true)
  })
  it('rejects apps of 0 and 11 items', () => {
    expect(CreateEnvironment.safeParse({ apps: [] }).success).toBe(false)
    expect(CreateEnvironment.safeParse({ apps: items(11, () => 'crm') }).success).toBe(false)
  })
  it('rejects an app object with an extra key, without app, or with a bad APP_ID', () => {
    expect(CreateEnvironment.safeParse({ apps: [{ app: 'crm', version: '1' }] }).success).toBe(false)
    expect(CreateEnvironment.safeParse({ apps: [{ name: 'crm' }] }).success).toBe(false)
    expect(CreateEnvironment.safeParse({ apps: ['CRM'] }).success).toBe(false)
  })
  it('accepts timeLimitMinutes 1 and 1440', () => {
    expect(CreateEnvironment.safeParse({ apps: ['crm'], timeLimitMinutes: 1 }).success).toBe(true)
    expect(CreateEnvironment.safeParse({ apps: ['crm'], timeLimitMinutes: 1440 }).success).toBe(true)
  })
  it('rejects timeLimitMinutes 0, 1441, 1.5 and a string', () => {
    for (const timeLimitMinutes of [0, 1441, 1.5, '60']) {
      expect(CreateEnvironment.safeParse({ apps: ['crm'], timeLimitMinutes }).success).toBe(false)
    }
  })
  it('accepts a create body and fills labels and tokenInUrl defaults', () => {
    expect(CreateEnvironment.parse({ apps: ['crm'] })).toEqual({
      apps: ['crm'],
      labels: {},
      tokenInUrl: false,
    })
  })
  it('accepts names of 1 and 120 chars and null', () => {
    for (const name of ['a', repeat(120), null]) {
      expect(CreateEnvironment.safeParse({ apps: ['crm'], name }).success).toBe(true)
    }
  })
  it('rejects names of 0 and 121 chars', () => {
    expect(CreateEnvironment.safeParse({ apps: ['crm'], name: '' }).success).toBe(false)
    expect(CreateEnvironment.safeParse({ apps: ['crm'], name: repeat(121) }).success).toBe(false)
  })
  it('accepts a create label value of 256 chars', () => {
    expect(CreateEnvironment.safeParse({ apps: ['crm'], labels: { a: repeat(256) } }).success).toBe(true)
  })
  it('rejects a create label value of 257 chars', () => {
    expect(CreateEnvironment.safeParse({ apps: ['crm'], labels: { a: repeat(257) } }).success).toBe(false)
  })
  it('rejects unknown keys in a create body', () => {
    expect(CreateEnvironment.safeParse({ apps: ['crm'], version: '60.0' }).success).toBe(false)
  })
  it('accepts an update body with labels, name, null name or nothing', () => {
    expect(UpdateEnvironment.safeParse({ labels: { a: 'b' }, name: 'x' }).success).toBe(true)
    expect(UpdateEnvironment.safeParse({ name: null }).success).toBe(true)
    expect(UpdateEnvironment.safeParse({}).success).toBe(true)
  })
  it('rejects an update body with an unknown key or a 257-char label value', () => {
    expect(UpdateEnvironment.safeParse({ status: 'paused' }).success).toBe(false)
    expect(UpdateEnvironment.safeParse({ labels: { a: repeat(257) } }).success).toBe(false)
  })
  it('accepts a status filter of 5 items, comma-separated', () => {
    const query = ListEnvironmentsQuery.parse({ status: 'starting,running,paused,failed,deleted' })
    expect(query.status).toEqual(['starting', 'running', 'paused', 'failed', 'deleted'])
  })
  it('accepts a status filter in the repeated form', () => {
    expect(ListEnvironmentsQuery.parse({ status: ['running', 'paused'] }).status).toEqual([
      'running',
      'paused',
    ])
  })
  it('accepts a single status and both forms mixed', () => {
    expect(ListEnvironmentsQuery.parse({ status: 'running' }).status).toEqual(['running'])
    expect(ListEnvironmentsQuery.parse({ status: ['running,paused', 'failed'] }).status).toEqual([
      'running',
      'paused',
      'failed',
    ])
  })
  it('rejects a status filter of 6 items', () => {
    expect(
      ListEnvironmentsQuery.safeParse({ status: 'starting,running,paused,failed,deleted,running' }).success,
    ).toBe(false)
    expect(ListEnvironmentsQuery.safeParse({ status: items(6, () => 'running') }).success).toBe(false)
  })
  it('rejects an unknown status and an empty status', () => {
    expect(ListEnvironmentsQuery.safeParse({ status: 'stopped' }).success).toBe(false)
    expect(ListEnvironmentsQuery.safeParse({ status: '' }).success).toBe(false)
  })
  it('accepts a label filter of 32 items', () => {
    const label = items(32, (index) => `k${index}=v`)
    expect(ListEnvironmentsQuery.parse({ label }).label).toHaveLength(32)
    expect(ListEnvironmentsQuery.parse({ label: label.join(',') }).label).toEqual(label)
  })
  it('rejects a label filter of 33 items', () => {
    const label = items(33, (index) => `k${index}=v`)
    expect(ListEnvironmentsQuery.safeParse({ label }).success).toBe(false)
    expect(ListEnvironmentsQuery.safeParse({ label: label.join(',') }).success).toBe(false)
  })
  it('accepts a label filter with an empty value and a value holding a comma', () => {
    expect(ListEnvironmentsQuery.parse({ label: 'team=' }).label).toEqual(['team='])
    expect(ListEnvironmentsQuery.parse({ label: 'team=a,b' }).label).toEqual(['team=a,b'])
  })
  it('rejects a label filter without = or with an empty key', () => {
    expect(ListEnvironmentsQuery.safeParse({ label: 'team' }).success).toBe(false)
    expect(ListEnvironmentsQuery.safeParse({ label: ['team=crm', 'owner'] }).success).toBe(false)
    expect(ListEnvironmentsQuery.safeParse({ label: '=crm' }).success).toBe(false)
  })
  it('accepts a search of 120 chars', () => {
    expect(ListEnvironmentsQuery.safeParse({ search: repeat(120) }).success).toBe(true)
  })
  it('rejects a search of 121 chars', () => {
    expect(ListEnvironmentsQuery.safeParse({ search: repeat(121) }).success).toBe(false)
  })
  it('rejects a bad workspaceId or snapshotId filter', () => {
    expect(ListEnvironmentsQuery.safeParse({ workspaceId: repeat(129) }).success).toBe(false)
    expect(ListEnvironmentsQuery.safeParse({ snapshotId: '-x' }).success).toBe(false)
  })
})

describe('snapshot', () => {
  const snapshot = {
    id: 'snap_1',
    workspaceId: 'ws_default',
    environmentId: 'env_1',
    name: 'before import',
    status: 'ready',
    failure: null,
    sizeBytes: 1024,
    apps: [{ name: 'crm', appId: 'crm', versionId: 'v60', version: '60.0', sizeBytes: 1024 }],
    createdBy: principal,
    createdAt: ts,
    readyAt: ts,
    deletedAt: null,
  }
  it('accepts a snapshot response, failed or not', () => {
    expect(Snapshot.safeParse(snapshot).success).toBe(true)
    expect(
      Snapshot.safeParse({ ...snapshot, status: 'failed', failure: { code: 'interrupted', message: 'x' } })
        .success,
    ).toBe(true)
  })
  it('rejects a snapshot with an unknown failure code or a leaked field', () => {
    expect(Snapshot.safeParse({ ...snapshot, failure: { code: 'start_failed', message: 'x' } }).success).toBe(
      false,
    )
    expect(Snapshot.safeParse({ ...snapshot, data: {} }).success).toBe(false)
  })
  it('accepts a create body with and without a name', () => {
    expect(CreateSnapshot.safeParse({ environmentId: 'env_1' }).success).toBe(true)
    expect(CreateSnapshot.safeParse({ environmentId: 'env_1', name: null }).success).toBe(true)
  })
  it('rejects a create body without environmentId or with an unknown key', () => {
    expect(CreateSnapshot.safeParse({ name: 'x' }).success).toBe(false)
    expect(CreateSnapshot.safeParse({ environmentId: 'env_1', labels: {} }).success).toBe(false)
  })
  it('accepts an update body with a name of 120 chars or null', () => {
    expect(UpdateSnapshot.safeParse({ name: repeat(120) }).success).toBe(true)
    expect(UpdateSnapshot.safeParse({ name: null }).success).toBe(true)
  })
  it('rejects an update body without name, with 0 or 121 chars, or an unknown key', () => {
    expect(UpdateSnapshot.safeParse({}).success).toBe(false)
    expect(UpdateSnapshot.safeParse({ name: '' }).success).toBe(false)
    expect(UpdateSnapshot.safeParse({ name: repeat(121) }).success).toBe(false)
    expect(UpdateSnapshot.safeParse({ name: 'x', status: 'ready' }).success).toBe(false)
  })
  it('accepts a status filter of 4 items in both forms', () => {
    expect(ListSnapshotsQuery.parse({ status: 'saving,ready,failed,deleted' }).status).toHaveLength(4)
    expect(
      ListSnapshotsQuery.parse({ status: ['saving', 'ready', 'failed', 'deleted'] }).status,
    ).toHaveLength(4)
  })
  it('rejects a status filter of 5 items and an environment status', () => {
    expect(ListSnapshotsQuery.safeParse({ status: 'saving,ready,failed,deleted,ready' }).success).toBe(false)
    expect(ListSnapshotsQuery.safeParse({ status: 'running' }).success).toBe(false)
  })
})

describe('workspace', () => {
  it('accepts a workspace and defaults archived to false', () => {
    expect(
      Workspace.safeParse({
        id: 'ws_default',
        name: 'Default',
        createdBy: principal,
        createdAt: ts,
        archivedAt: null,
      }).success,
    ).toBe(true)
    expect(ListWorkspacesQuery.parse({})).toEqual({ limit: 50, archived: 'false' })
  })
  it('rejects archived values other than true and false', () => {
    expect(ListWorkspacesQuery.safeParse({ archived: '1' }).success).toBe(false)
    expect(ListWorkspacesQuery.safeParse({ archived: 'TRUE' }).success).toBe(false)
  })
})

describe('audit event and credentials', () => {
  it('accepts an audit event', () => {
    const event = {
      id: 'evt_1',
      name: 'environment.created',
      principal: { type: 'system', id: null, name: null },
      workspaceId: 'ws_default',
      environmentId: null,
      subjectId: 'env_1',
      requestId: null,
      data: { any: ['thing'] },
      occurredAt: ts,
    }
    expect(AuditEvent.safeParse(event).success).toBe(true)
    expect(AuditEvent.safeParse({ ...event, principal: { ...principal, type: 'robot' } }).success).toBe(false)
  })
  it('accepts credentials with and without login', () => {
    const credentials = {
      environmentId: 'env_1',
      app: 'crm',
      actorId: 'admin',
      url: 'https://api.replica.test/apps/env_1/crm',
      headers: { authorization: 'Bearer t' },
      token: 't',
      expiresAt: ts,
      login: null,
    }
    expect(Credentials.safeParse(credentials).success).toBe(true)
    expect(
      Credentials.safeParse({
        ...credentials,
        login: { authentication: 'oauth2', url: 'https://x', parameters: { a: 'b' }, secrets: {} },
      }).success,
    ).toBe(true)
  })
  it('accepts actorId of 1 and 255 chars and an empty body', () => {
    expect(CreateCredentials.safeParse({ actorId: 'a' }).success).toBe(true)
    expect(CreateCredentials.safeParse({ actorId: repeat(255) }).success).toBe(true)
    expect(CreateCredentials.safeParse({}).success).toBe(true)
  })
  it('rejects actorId of 0 and 256 chars and an unknown key', () => {
    expect(CreateCredentials.safeParse({ actorId: '' }).success).toBe(false)
    expect(CreateCredentials.safeParse({ actorId: repeat(256) }).success).toBe(false)
    expect(CreateCredentials.safeParse({ actor: 'admin' }).success).toBe(false)
  })
})

describe('request', () => {
  it('accepts a recorded request and its detail', () => {
    expect(RecordedRequest.safeParse(recordedRequest).success).toBe(true)
    const detail = {
      ...recordedRequest,
      requestHeaders: { accept: 'application/json' },
      responseHeaders: {},
      requestBody: { ...preview, coverage: 'omitted', bytes: null, preview: null },
      responseBody: preview,
    }
    expect(RecordedRequestDetail.safeParse(detail).success).toBe(true)
    expect(RecordedRequestDetail.safeParse({ ...detail, extra: 1 }).success).toBe(false)
  })
  it('rejects a request id of the wrong form and a negative duration', () => {
    expect(RecordedRequest.safeParse({ ...recordedRequest, id: 'req_0123456789ABCDEF' }).success).toBe(false)
    expect(RecordedRequest.safeParse({ ...recordedRequest, id: 'req_0123456789abcde' }).success).toBe(false)
    expect(RecordedRequest.safeParse({ ...recordedRequest, durationMs: -1 }).success).toBe(false)
  })
  it('accepts request stats and rejects a negative count', () => {
    const stats = {
      from: ts,
      to: ts,
      count: 0,
      successCount: 0,
      clientErrorCount: 0,
      serverErrorCount: 0,
      p50Ms: null,
      p95Ms: null,
      buckets: [{ from: ts, success: 0, clientError: 0, serverError: 0 }],
    }
    expect(RequestStats.safeParse(stats).success).toBe(true)
    expect(RequestStats.safeParse({ ...stats, count: -1 }).success).toBe(false)
  })
  it('rejects a filter without environmentId', () => {
    expect(ListRequestsQuery.safeParse({}).success).toBe(false)
  })
  it('accepts responseStatus 100 and 599 as numbers', () => {
    expect(ListRequestsQuery.parse({ ...requestFilter, responseStatus: '100' }).responseStatus).toBe(100)
    expect(ListRequestsQuery.parse({ ...requestFilter, responseStatus: '599' }).responseStatus).toBe(599)
  })
  it('rejects responseStatus 99, 600 and 2xx', () => {
    for (const responseStatus of ['99', '600', '2xx']) {
      expect(ListRequestsQuery.safeParse({ ...requestFilter, responseStatus }).success).toBe(false)
    }
  })
  it('accepts writesOnly true and false as booleans', () => {
    expect(ListRequestsQuery.parse({ ...requestFilter, writesOnly: 'true' }).writesOnly).toBe(true)
    expect(ListRequestsQuery.parse({ ...requestFilter, writesOnly: 'false' }).writesOnly).toBe(false)
  })
  it('rejects writesOnly values other than true and false', () => {
    for (const writesOnly of ['1', 'yes', 'TRUE', '']) {
      expect(ListRequestsQuery.safeParse({ ...requestFilter, writesOnly }).success).toBe(false)
    }
  })
  it('accepts a request search of 200 chars', () => {
    expect(ListRequestsQuery.safeParse({ ...requestFilter, search: repeat(200) }).success).toBe(true)
  })
  it('rejects a request search of 201 chars or holding NUL', () => {
    expect(ListRequestsQuery.safeParse({ ...requestFilter, search: repeat(201) }).success).toBe(false)
    expect(ListRequestsQuery.safeParse({ ...requestFilter, search: 'a\u0000b' }).success).toBe(false)
  })
  it('accepts method, statusClass and app filters and rejects bad ones', () => {
    expect(
      ListRequestsQuery.safeParse({ ...requestFilter, method: 'PATCH', statusClass: '4xx', app: 'crm' })
        .success,
    ).toBe(true)
    expect(ListRequestsQuery.safeParse({ ...requestFilter, method: 'get' }).success).toBe(false)
    expect(ListRequestsQuery.safeParse({ ...requestFilter, statusClass: '1xx' }).success).toBe(false)
    expect(ListRequestsQuery.safeParse({ ...requestFilter, app: 'Crm' }).success).toBe(false)
  })
  it('accepts a time window with both ends or neither', () => {
    expect(ListRequestsQuery.safeParse({ ...requestFilter, from: ts, to: ts }).success).toBe(true)
    expect(RequestFilterQuery.safeParse(requestFilter).success).toBe(true)
  })
  it('rejects from without to, with the issue on to', () => {
    const result = ListRequestsQuery.safeParse({ ...requestFilter, from: ts })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['to'])
  })
  it('rejects to without from, with the issue on from', () => {
    const result = RequestFilterQuery.safeParse({ ...requestFilter, to: ts })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['from'])
  })
  it('rejects a window that ends before it starts', () => {
    expect(
      ListRequestsQuery.safeParse({
        ...requestFilter,
        from: '2026-01-02T00:00:00Z',
        to: '2026-01-01T00:00:00Z',
      }).success,
    ).toBe(false)
  })
  it('accepts a page in the request list query', () => {
    expect(ListRequestsQuery.parse({ ...requestFilter, limit: '10' }).limit).toBe(10)
  })
  it('rejects stats queries without from or to', () => {
    expect(RequestStatsQuery.safeParse(requestFilter).success).toBe(false)
    expect(RequestStatsQuery.safeParse({ ...requestFilter, from: ts }).success).toBe(false)
    expect(RequestStatsQuery.safeParse({ ...requestFilter, from: ts, to: ts }).success).toBe(true)
  })
})

describe('me and error', () => {
  it('accepts a member and an api key me', () => {
    const organization = { id: 'org_default', name: 'Default', domain: null }
    expect(
      Me.safeParse({
        principal: { type: 'member', id: 'usr_owner', name: 'Owner' },
        user: { id: 'usr_owner', email: 'owner@example.test', name: 'Owner' },
        organization: { ...organization, role: 'owner' },
        organizations: [{ ...organization, role: 'owner' }],
        workspaceId: null,
        permissions: Permission.options,
        limits: { concurrentEnvironments: 10, timeLimitMinutes: { default: 60, maximum: 1440 } },
      }).success,
    ).toBe(true)
    expect(
      Me.safeParse({
        principal,
        user: null,
        organization: null,
        organizations: [],
        workspaceId: 'ws_default',
        permissions: ['environments:read'],
        limits: null,
      }).success,
    ).toBe(true)
  })
  it('rejects an unknown permission and organization role', () => {
    expect(Permission.safeParse('environments:delete').success).toBe(false)
    expect(Permission.options).toHaveLength(10)
    const organization = { id: 'org_default', name: 'Default', domain: null, role: 'guest' }
    const me = { principal, user: null, organizations: [], workspaceId: null, permissions: [], limits: null }
    expect(Me.safeParse({ ...me, organization }).success).toBe(false)
    expect(Me.safeParse({ ...me, organization: null, organizations: [organization] }).success).toBe(true)
  })
  it('accepts an error body with and without fields', () => {
    expect(ErrorCode.options).toHaveLength(17)
    expect(ErrorBody.safeParse({ error: { code: 'not_found', message: 'x', requestId: 'r' } }).success).toBe(
      true,
    )
    expect(
      ErrorBody.safeParse({
        error: {
          code: 'invalid_request',
          message: 'x',
          requestId: 'r',
          fields: { limit: ['Too big'] },
          status: 'x',
        },
      }).success,
    ).toBe(true)
  })
  it('rejects an error body with an unknown code or without requestId', () => {
    expect(ErrorBody.safeParse({ error: { code: 'teapot', message: 'x', requestId: 'r' } }).success).toBe(
      false,
    )
    expect(ErrorBody.safeParse({ error: { code: 'not_found', message: 'x' } }).success).toBe(false)
  })
})
