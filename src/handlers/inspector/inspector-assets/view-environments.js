// Environments: a table filtered by workspace and status; the selected one's fields, apps, status
// timeline (from its audit events) and snapshots; then the CRM records of one of its apps
// (objects with counts, a page of records, one record's fields).
import { query, ui, v1 } from './api.js'
import { badge, fields, h, labelsText, renderIfChanged, select, table, time } from './dom.js'

const STATUSES = ['', 'starting', 'running', 'paused', 'failed', 'deleted']
const PAGE = 50
const SYSTEM_FIELDS = new Set([
  'IsDeleted',
  'CreatedDate',
  'CreatedById',
  'LastModifiedDate',
  'LastModifiedById',
  'SystemModstamp',
])

export function environmentsView() {
  const state = { workspaceId: '', status: '', selected: '', app: '', object: '', offset: 0, record: '' }
  let parts

  const refreshRecords = async () => {
    const environment = state.environment
    if (!environment || environment.status === 'deleted' || environment.status === 'failed') {
      return renderIfChanged(parts.records, null, () =>
        h('p', { class: 'muted' }, 'No data: the environment released it.'),
      )
    }
    const app = state.app || environment.apps[0]?.name
    if (!app) return
    const base = `/environments/${environment.id}/apps/${app}/objects`
    const objects = (await ui(base)).data
    const page = state.object
      ? await ui(`${base}/${state.object}/records${query({ limit: PAGE, offset: state.offset })}`)
      : null
    const record =
      state.object && state.record
        ? await ui(`${base}/${state.object}/records/${state.record}`).catch(() => null)
        : null
    renderIfChanged(parts.records, { environment: environment.id, app, objects, page, record }, () =>
      recordsPanel(environment, app, objects, page, record),
    )
  }

  const recordsPanel = (environment, app, objects, page, record) => {
    const appSelect = select(
      'app',
      environment.apps.map((item) => [item.name, item.name]),
      app,
      'records-app',
    )
    appSelect.addEventListener(
      'change',
      () =>
        Object.assign(state, { app: appSelect.value, object: '', record: '', offset: 0 }) && refreshRecords(),
    )
    const out = [h('h3', {}, 'Records of ', appSelect)]
    out.push(
      table(
        [
          ['object', (row) => row.name],
          ['label', (row) => row.label],
          ['records', (row) => row.count],
        ],
        objects.map((object) => ({ ...object, id: object.name })),
        {
          testid: 'objects',
          selected: state.object,
          onSelect: (row) =>
            Object.assign(state, { object: row.name, record: '', offset: 0 }) && refreshRecords(),
        },
      ),
    )
    if (page) {
      // Id, then the record's own fields before the system ones (CreatedDate, ...)
      const columns = [
        'Id',
        ...page.fields.filter((name) => name !== 'Id' && !SYSTEM_FIELDS.has(name)),
      ].slice(0, 6)
      out.push(
        h(
          'h3',
          {},
          `${page.object}: ${page.offset + 1}–${page.offset + page.records.length} of ${page.total}`,
        ),
      )
      out.push(
        table(
          columns.map((name) => [name, (row) => format(row[name])]),
          page.records.map((row) => ({ ...row, id: row.Id })),
          {
            testid: 'records',
            selected: state.record,
            onSelect: (row) => Object.assign(state, { record: row.Id }) && refreshRecords(),
          },
        ),
      )
      const pager = h('div', { class: 'filters' })
      if (page.offset > 0)
        pager.append(
          h(
            'button',
            {
              type: 'button',
              onclick: () =>
                Object.assign(state, { offset: Math.max(0, page.offset - PAGE) }) && refreshRecords(),
            },
            'Previous',
          ),
        )
      if (page.offset + page.records.length < page.total)
        pager.append(
          h(
            'button',
            {
              type: 'button',
              'data-testid': 'records-next',
              onclick: () => Object.assign(state, { offset: page.offset + PAGE }) && refreshRecords(),
            },
            'Next',
          ),
        )
      out.push(pager)
    }
    if (record) {
      out.push(h('h3', {}, `Record ${record.Id}`))
      out.push(
        fields(
          Object.entries(record)
            .filter(([name]) => name !== 'attributes')
            .map(([name, value]) => [name, format(value)]),
          'record',
        ),
      )
    }
    return out
  }

  const refreshDetail = async () => {
    if (!state.selected)
      return renderIfChanged(parts.detail, null, () => h('p', { class: 'muted' }, 'Select an environment.'))
    const [environment, events, snapshots] = await Promise.all([
      v1(`/environments/${state.selected}`),
      v1(`/audit-events${query({ environmentId: state.selected, limit: 100 })}`),
      v1(`/snapshots${query({ environmentId: state.selected, limit: 100 })}`),
    ])
    state.environment = environment
    renderIfChanged(parts.detail, { environment, events, snapshots }, () =>
      detailPanel(environment, events.data, snapshots.data),
    )
    await refreshRecords()
  }

  const detailPanel = (environment, events, snapshots) => [
    h('h2', {}, environment.name ?? environment.id, ' ', badge(environment.status)),
    fields(
      [
        ['id', environment.id],
        ['workspace', environment.workspaceId],
        ['labels', labelsText(environment.labels) || '–'],
        ['reason', environment.reason ?? '–'],
        [
          'failure',
          environment.failure ? `${environment.failure.code}: ${environment.failure.message}` : '–',
        ],
        ['created', time(environment.createdAt)],
        ['started', time(environment.startedAt)],
        ['expires', time(environment.expiresAt)],
        ['snapshot', environment.snapshotId ?? '–'],
      ],
      'environment-fields',
    ),
    h('h3', {}, 'Apps'),
    table(
      [
        ['name', (app) => app.name],
        ['app', (app) => app.appId],
        ['version', (app) => app.version],
        ['url', (app) => app.url, 'wrap'],
      ],
      environment.apps,
      { testid: 'environment-apps' },
    ),
    h('h3', {}, 'Status timeline'),
    h(
      'ol',
      { class: 'timeline', 'data-testid': 'timeline' },
      [...events]
        .reverse()
        .map((event) =>
          h(
            'li',
            {},
            time(event.occurredAt),
            ' ',
            h('b', {}, event.name),
            ' ',
            h('span', { class: 'muted' }, event.principal.name ?? event.principal.type),
          ),
        ),
    ),
    h('h3', {}, 'Snapshots'),
    table(
      [
        ['id', (row) => row.id],
        ['name', (row) => row.name ?? ''],
        ['status', (row) => badge(row.status)],
        ['bytes', (row) => row.sizeBytes ?? ''],
      ],
      snapshots,
      { testid: 'environment-snapshots', empty: 'no snapshots' },
    ),
  ]

  const refreshList = async () => {
    const list = await v1(
      `/environments${query({ workspaceId: state.workspaceId, status: state.status, limit: 100 })}`,
    )
    renderIfChanged(parts.list, { list, selected: state.selected }, () =>
      table(
        [
          ['id', (row) => row.id],
          ['name', (row) => row.name ?? ''],
          ['status', (row) => badge(row.status)],
          ['workspace', (row) => row.workspaceId],
          ['labels', (row) => labelsText(row.labels)],
          ['apps', (row) => row.apps.map((app) => app.name).join(', ')],
          ['created', (row) => time(row.createdAt)],
        ],
        list.data,
        {
          testid: 'environments',
          selected: state.selected,
          onSelect: (row) =>
            Object.assign(state, { selected: row.id, app: '', object: '', record: '', offset: 0 }) &&
            refreshAll(),
        },
      ),
    )
  }

  const refreshAll = async () => {
    await refreshList()
    await refreshDetail()
  }

  return {
    mount(container) {
      const workspaces = h(
        'select',
        { name: 'workspaceId', 'data-testid': 'filter-workspace' },
        h('option', { value: '' }, 'all workspaces'),
      )
      const status = select(
        'status',
        STATUSES.map((value) => [value, value || 'any status']),
        state.status,
        'filter-status',
      )
      const onFilter = () => {
        Object.assign(state, { workspaceId: workspaces.value, status: status.value })
        void refreshAll()
      }
      workspaces.addEventListener('change', onFilter)
      status.addEventListener('change', onFilter)
      v1('/workspaces?limit=100')
        .then((page) => {
          for (const workspace of page.data)
            workspaces.append(
              h(
                'option',
                { value: workspace.id, selected: workspace.id === state.workspaceId },
                `${workspace.name} (${workspace.id})`,
              ),
            )
        })
        .catch(() => {})
      parts = {
        list: h('div'),
        detail: h('div', { 'data-testid': 'environment-detail' }),
        records: h('div', { 'data-testid': 'records-panel' }),
      }
      container.append(
        h(
          'div',
          { class: 'split' },
          h(
            'section',
            { class: 'panel' },
            h(
              'div',
              { class: 'filters' },
              h('label', {}, 'workspace', workspaces),
              h('label', {}, 'status', status),
            ),
            parts.list,
          ),
          h('section', { class: 'panel' }, parts.detail, parts.records),
        ),
      )
    },
    refresh: refreshAll,
  }
}

function format(value) {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
