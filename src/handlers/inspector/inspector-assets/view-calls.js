// Recorded gateway calls of one environment, with the listRequests filters (app, method, status
// class, search, time window), the stats of the window (counts, p50/p95, the bucket chart), and
// one call's headers and body previews. Calls come 100 a page (never all of a 10k ring at once).
import { query, readPages, v1 } from './api.js'
import { bucketChart } from './chart.js'
import { badge, fields, h, renderIfChanged, select, table, time } from './dom.js'

const METHODS = ['', 'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']
const CLASSES = ['', '2xx', '3xx', '4xx', '5xx']
const WINDOWS = [
  ['900000', 'last 15 min'],
  ['3600000', 'last hour'],
  ['86400000', 'last day'],
]
const PAGE = 100

export function callsView(shared) {
  const state = { filter: {}, window: '3600000', selected: '', pages: 1 }
  let parts

  const filterQuery = () => {
    const { environmentId, app, method, statusClass, search, from, to } = state.filter
    return { environmentId, app, method, statusClass, search, from, to }
  }

  const refreshCalls = async () => {
    if (!state.filter.environmentId) {
      return renderIfChanged(parts.list, null, () => h('p', { class: 'muted' }, 'Choose an environment.'))
    }
    // live refresh re-reads every page shown so far, newest first
    const { rows: calls, more } = await readPages('/requests', filterQuery(), state.pages, PAGE)
    renderIfChanged(parts.list, { calls, more, selected: state.selected }, () => [
      table(
        [
          ['received', (row) => time(row.receivedAt)],
          ['app', (row) => row.app],
          ['method', (row) => row.method],
          ['path', (row) => row.path + (row.query ? `?${readable(row.query)}` : ''), 'wrap'],
          ['status', (row) => badge(String(row.responseStatus), `${String(row.responseStatus)[0]}xx`)],
          ['by', (row) => row.respondedBy],
          ['ms', (row) => row.durationMs],
        ],
        calls,
        {
          testid: 'calls',
          selected: state.selected,
          onSelect: (row) => {
            state.selected = row.id
            void refresh()
          },
        },
      ),
      more
        ? h(
            'button',
            {
              type: 'button',
              class: 'more',
              'data-testid': 'calls-more',
              onclick: () => {
                state.pages++
                void refresh()
              },
            },
            `Load ${PAGE} more`,
          )
        : null,
    ])
  }

  const refreshStats = async () => {
    if (!state.filter.environmentId) return renderIfChanged(parts.stats, null, () => [])
    const now = Date.parse(shared.clock.now)
    const from = state.filter.from || new Date(now - Number(state.window)).toISOString()
    const to = state.filter.to || new Date(now + 1).toISOString()
    const filter = filterQuery()
    const stats = await v1(`/requests/stats${query({ ...filter, from, to })}`)
    renderIfChanged(parts.stats, stats, () => [
      h(
        'div',
        { class: 'stats', 'data-testid': 'stats' },
        stat('calls', stats.count, 'stat-count'),
        stat('2xx/3xx', stats.successCount),
        stat('4xx', stats.clientErrorCount),
        stat('5xx', stats.serverErrorCount),
        stat('p50', stats.p50Ms === null ? '–' : `${stats.p50Ms} ms`, 'stat-p50'),
        stat('p95', stats.p95Ms === null ? '–' : `${stats.p95Ms} ms`, 'stat-p95'),
      ),
      bucketChart(stats.buckets),
    ])
  }

  const refreshDetail = async () => {
    if (!state.selected)
      return renderIfChanged(parts.detail, null, () => h('p', { class: 'muted' }, 'Select a call.'))
    const call = await v1(`/requests/${state.selected}`).catch(() => null)
    renderIfChanged(parts.detail, call, () =>
      call ? callDetail(call) : h('p', { class: 'muted' }, 'That call is no longer recorded.'),
    )
  }

  const refresh = async () => {
    await Promise.all([refreshCalls(), refreshStats(), refreshDetail()])
  }

  return {
    mount(container) {
      const form = h('form', { class: 'filters', 'data-testid': 'calls-filters' })
      const environments = h(
        'select',
        { name: 'environmentId', 'data-testid': 'filter-environment' },
        h('option', { value: '' }, 'choose an environment'),
      )
      v1('/environments?limit=100')
        .then((page) => {
          for (const environment of page.data) {
            environments.append(
              h(
                'option',
                { value: environment.id, selected: environment.id === state.filter.environmentId },
                `${environment.name ?? environment.id} (${environment.status})`,
              ),
            )
          }
          if (!state.filter.environmentId && page.data[0]) {
            environments.value = page.data[0].id
            state.filter.environmentId = page.data[0].id
            void refresh()
          }
        })
        .catch(() => {})
      const input = (name, placeholder, size = 10) =>
        h('input', {
          name,
          placeholder,
          size,
          value: state.filter[name] ?? '',
          'data-testid': `filter-${name}`,
        })
      form.append(
        h('label', {}, 'environment', environments),
        h('label', {}, 'app', input('app', 'crm', 6)),
        h(
          'label',
          {},
          'method',
          select(
            'method',
            METHODS.map((value) => [value, value || 'any']),
            state.filter.method ?? '',
            'filter-method',
          ),
        ),
        h(
          'label',
          {},
          'status',
          select(
            'statusClass',
            CLASSES.map((value) => [value, value || 'any']),
            state.filter.statusClass ?? '',
            'filter-statusClass',
          ),
        ),
        h('label', {}, 'search', input('search', 'path or body text', 14)),
        h('label', {}, 'from', input('from', 'ISO time', 18)),
        h('label', {}, 'to', input('to', 'ISO time', 18)),
        h('label', {}, 'stats window', select('window', WINDOWS, state.window, 'stats-window')),
        h('button', { type: 'submit', 'data-testid': 'apply-filters' }, 'Apply'),
      )
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        const values = Object.fromEntries(new FormData(form))
        state.window = values.window
        delete values.window
        Object.assign(state, { filter: values, pages: 1, selected: '' })
        void refresh()
      })
      environments.addEventListener('change', () => form.requestSubmit())
      parts = { list: h('div'), stats: h('div'), detail: h('div', { 'data-testid': 'call-detail' }) }
      container.append(
        form,
        h(
          'div',
          { class: 'split' },
          h('section', { class: 'panel' }, parts.stats, parts.list),
          h('section', { class: 'panel' }, parts.detail),
        ),
      )
    },
    refresh,
  }
}

/** A query string as people read it (`q=SELECT Id FROM Account`). */
function readable(text) {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}

function stat(label, value, testid) {
  return h('div', { 'data-testid': testid }, h('b', {}, value), label)
}

function callDetail(call) {
  const headers = (record) =>
    table(
      [
        ['header', (row) => row.name],
        ['value', (row) => row.value, 'wrap'],
      ],
      Object.entries(record).map(([name, value]) => ({ name, value })),
      { empty: 'none' },
    )
  const body = (preview, testid) => [
    h(
      'p',
      { class: 'muted' },
      `${preview.coverage}${preview.reason ? ` (${preview.reason})` : ''} · ${preview.contentType ?? 'no content type'} · ${preview.bytes ?? '?'} bytes${preview.previewTruncated ? ' · preview truncated' : ''}`,
    ),
    preview.preview === null ? null : h('pre', { 'data-testid': testid }, preview.preview),
  ]
  return [
    h(
      'h2',
      {},
      `${call.method} ${call.path}`,
      ' ',
      badge(String(call.responseStatus), `${String(call.responseStatus)[0]}xx`),
    ),
    fields(
      [
        ['id', call.id],
        ['app', call.app],
        ['query', call.query || '–'],
        ['responded by', call.respondedBy],
        ['error code', call.errorCode ?? '–'],
        ['duration', `${call.durationMs} ms`],
        ['received', time(call.receivedAt)],
      ],
      'call-fields',
    ),
    h('h3', {}, 'Request headers'),
    headers(call.requestHeaders),
    h('h3', {}, 'Request body'),
    body(call.requestBody, 'request-body'),
    h('h3', {}, 'Response headers'),
    headers(call.responseHeaders),
    h('h3', {}, 'Response body'),
    body(call.responseBody, 'response-body'),
  ]
}
