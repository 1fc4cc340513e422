// Platform events: what the environments published, newest first, filtered by environment and
// event type; an event's payload shown when selected.
import { control, query } from './api.js'
import { h, renderIfChanged, table, time } from './dom.js'

/** Events shown at most (the newest). */
const SHOWN = 200

export function eventsView() {
  const state = { filter: {}, selected: '' }
  let list
  const refresh = async () => {
    const { data } = await control(`/events${query(state.filter)}`)
    const rows = data
      .map((event) => ({ ...event, id: `${event.environmentId}/${event.app}/${event.replayId}` }))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.replayId - a.replayId)
      .slice(0, SHOWN)
    const selected = rows.find((row) => row.id === state.selected)
    renderIfChanged(list, { rows, selected: state.selected }, () => [
      table(
        [
          ['replay', (row) => row.replayId],
          ['event', (row) => row.type],
          ['published', (row) => time(row.publishedAt)],
          ['environment', (row) => row.environmentId],
          ['app', (row) => row.app],
          ['by', (row) => row.fields.CreatedById ?? ''],
          ['fields', (row) => summary(row.fields), 'wrap'],
        ],
        rows,
        {
          testid: 'events',
          selected: state.selected,
          empty: 'no platform event published yet',
          onSelect: (row) => {
            state.selected = row.id
            void refresh()
          },
        },
      ),
      data.length > SHOWN ? h('p', { class: 'muted' }, `the newest ${SHOWN} of ${data.length}`) : null,
      selected
        ? [
            h('h3', {}, `${selected.type} #${selected.replayId}`),
            h('pre', { 'data-testid': 'event-payload' }, JSON.stringify(selected.fields, null, 2)),
          ]
        : null,
    ])
  }
  return {
    mount(container) {
      const form = h(
        'form',
        { class: 'filters' },
        h(
          'label',
          {},
          'environment',
          h('input', { name: 'environmentId', size: 20, 'data-testid': 'filter-environmentId' }),
        ),
        h('label', {}, 'event', h('input', { name: 'type', size: 20, 'data-testid': 'filter-type' })),
        h('button', { type: 'submit' }, 'Apply'),
      )
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        Object.assign(state, { filter: Object.fromEntries(new FormData(form)), selected: '' })
        void refresh()
      })
      list = h('div')
      container.append(h('section', { class: 'panel' }, form, list))
    },
    refresh,
  }
}

/** The fields a publisher sent, one line: `Order_Number__c=42, Amount__c=10`. */
function summary(fields) {
  const standard = new Set(['CreatedDate', 'CreatedById', 'EventUuid'])
  return Object.entries(fields)
    .filter(([name, value]) => !standard.has(name) && value !== null)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ')
}
