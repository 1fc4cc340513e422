// Snapshots and audit events: filtered tables, newest first, 100 a page; an audit event's data
// shown when selected.
import { readPages } from './api.js'
import { badge, h, renderIfChanged, select, table, time } from './dom.js'

const PAGE = 100

/** A filtered, paged list: filters are [name, label, options?] (options make a select). */
function listView({ path, filters, columns, testid, detail }) {
  const state = { filter: {}, pages: 1, selected: '' }
  let parts
  const refresh = async () => {
    const { rows, more } = await readPages(path, state.filter, state.pages, PAGE)
    const selected = rows.find((row) => row.id === state.selected)
    renderIfChanged(parts.list, { rows, more, selected: state.selected }, () => [
      table(columns, rows, {
        testid,
        selected: state.selected,
        onSelect: detail
          ? (row) => {
              state.selected = row.id
              void refresh()
            }
          : undefined,
      }),
      more
        ? h(
            'button',
            {
              type: 'button',
              class: 'more',
              onclick: () => {
                state.pages++
                void refresh()
              },
            },
            `Load ${PAGE} more`,
          )
        : null,
      selected && detail ? detail(selected) : null,
    ])
  }
  return {
    mount(container) {
      const form = h('form', { class: 'filters' })
      for (const [name, label, options] of filters) {
        const control = options
          ? select(
              name,
              options.map((value) => [value, value || 'any']),
              '',
              `filter-${name}`,
            )
          : h('input', { name, size: 14, 'data-testid': `filter-${name}` })
        form.append(h('label', {}, label, control))
      }
      form.append(h('button', { type: 'submit' }, 'Apply'))
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        Object.assign(state, { filter: Object.fromEntries(new FormData(form)), pages: 1, selected: '' })
        void refresh()
      })
      parts = { list: h('div') }
      container.append(h('section', { class: 'panel' }, form, parts.list))
    },
    refresh,
  }
}

export function snapshotsView() {
  return listView({
    path: '/snapshots',
    testid: 'snapshots',
    filters: [
      ['workspaceId', 'workspace'],
      ['environmentId', 'environment'],
      ['status', 'status', ['', 'saving', 'ready', 'failed', 'deleted']],
    ],
    columns: [
      ['id', (row) => row.id],
      ['name', (row) => row.name ?? ''],
      ['status', (row) => badge(row.status)],
      ['environment', (row) => row.environmentId],
      ['workspace', (row) => row.workspaceId],
      ['bytes', (row) => row.sizeBytes ?? ''],
      ['created', (row) => time(row.createdAt)],
      ['ready', (row) => time(row.readyAt)],
    ],
  })
}

export function auditView() {
  return listView({
    path: '/audit-events',
    testid: 'audit-events',
    filters: [
      ['workspaceId', 'workspace'],
      ['environmentId', 'environment'],
    ],
    columns: [
      ['when', (row) => time(row.occurredAt)],
      ['event', (row) => row.name],
      ['by', (row) => `${row.principal.type}: ${row.principal.name ?? row.principal.id ?? ''}`],
      ['workspace', (row) => row.workspaceId ?? ''],
      ['environment', (row) => row.environmentId ?? ''],
      ['subject', (row) => row.subjectId],
      ['request', (row) => row.requestId ?? ''],
    ],
    detail: (event) => [
      h('h3', {}, `${event.name} data`),
      h('pre', { 'data-testid': 'audit-data' }, JSON.stringify(event.data, null, 2)),
    ],
  })
}
