// Small DOM helpers for the inspector: elements, tables, badges, formatting. No framework.

/** An element: h('td', { class: 'x', onclick }, 'text', child). */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value)
    else if (name === 'dataset') Object.assign(element.dataset, value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue
    element.append(child instanceof Node ? child : document.createTextNode(String(child)))
  }
  return element
}

export function badge(text, kind = text) {
  return h('span', { class: `badge s-${kind} c-${kind}` }, text)
}

export function time(ts) {
  if (!ts) return h('span', { class: 'muted' }, '–')
  return h('time', { datetime: ts, title: ts }, ts.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''))
}

/**
 * A table: columns are [heading, (row) => cell]; rows with an `id` are selectable.
 * @param {{ selected?: string, onSelect?: (row) => void, testid?: string, empty?: string }} options
 */
export function table(columns, rows, options = {}) {
  const head = h(
    'thead',
    {},
    h(
      'tr',
      {},
      columns.map(([heading]) => h('th', {}, heading)),
    ),
  )
  const body = h('tbody')
  for (const row of rows) {
    const tr = h(
      'tr',
      {
        class: row.id !== undefined && row.id === options.selected ? 'selected' : undefined,
        dataset: row.id === undefined ? {} : { id: row.id },
        onclick: options.onSelect ? () => options.onSelect(row) : undefined,
      },
      columns.map(([, cell, className]) => h('td', { class: className }, cell(row))),
    )
    body.append(tr)
  }
  if (rows.length === 0) {
    body.append(
      h('tr', {}, h('td', { colspan: columns.length, class: 'muted' }, options.empty ?? 'nothing yet')),
    )
  }
  return h('table', { 'data-testid': options.testid }, head, body)
}

/** Definition list of [label, value] pairs. */
export function fields(pairs, testid) {
  return h(
    'dl',
    { 'data-testid': testid },
    pairs.flatMap(([label, value]) => [h('dt', {}, label), h('dd', {}, value)]),
  )
}

export function labelsText(labels) {
  const entries = Object.entries(labels ?? {})
  return entries.length === 0 ? '' : entries.map(([key, value]) => `${key}=${value}`).join(', ')
}

/** `500ms`, `30s`, `5m`, `2h`, `1d` or a plain number of ms -> ms; undefined when unreadable. */
export function parseDuration(text) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text)
  if (!match) return undefined
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 'ms']
  return Math.round(Number(match[1]) * unit)
}

/**
 * Replaces `container`'s content with `render(data)` only when `data` changed since the last time
 * (live refresh then leaves the page, its scroll and its selection alone).
 */
export function renderIfChanged(container, data, render) {
  const key = JSON.stringify(data)
  if (container.dataset.rendered === key) return
  container.dataset.rendered = key
  container.replaceChildren(
    ...[render(data)].flat(Number.POSITIVE_INFINITY).filter((node) => node !== null && node !== undefined),
  )
}

export function select(name, options, value, testid) {
  return h(
    'select',
    { name, 'data-testid': testid },
    options.map(([optionValue, label]) =>
      h('option', { value: optionValue, selected: optionValue === value }, label),
    ),
  )
}
