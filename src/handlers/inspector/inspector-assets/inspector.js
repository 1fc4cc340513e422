// The inspector page: header (clock, live refresh, reset, state download), tabs, and the view
// of the tab shown. Each view has mount(container) and refresh(); live refresh calls refresh()
// every 2 s, one at a time.
import { AuthError, control, downloadState, setAdminToken, setMemberToken, ui } from './api.js'
import { parseDuration } from './dom.js'
import { callsView } from './view-calls.js'
import { environmentsView } from './view-environments.js'
import { eventsView } from './view-events.js'
import { auditView, snapshotsView } from './view-lists.js'
import { schemaView } from './view-schema.js'

const REFRESH_MS = 2000
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`)

const shared = { clock: { mode: 'real', now: new Date().toISOString() } }
const views = {
  environments: environmentsView(shared),
  calls: callsView(shared),
  snapshots: snapshotsView(shared),
  audit: auditView(shared),
  events: eventsView(shared),
  schema: schemaView(shared),
}
let current
let refreshing = false

function notice(text) {
  const element = $('notice')
  element.hidden = !text
  element.textContent = text ?? ''
}

async function guarded(work) {
  try {
    await work()
    $('token-form').hidden = true
  } catch (error) {
    if (error instanceof AuthError) {
      $('token-form').hidden = false
      notice('The control API refused the admin token.')
    } else {
      notice(error.message)
    }
  }
}

async function refreshClock() {
  shared.clock = await control('/clock')
  $('clock-mode').textContent = shared.clock.mode
  $('clock-now').textContent = shared.clock.now
  $('clock-toggle').textContent = shared.clock.mode === 'manual' ? 'Switch to real time' : 'Freeze (manual)'
}

async function refresh() {
  if (refreshing) return
  refreshing = true
  try {
    await guarded(async () => {
      await refreshClock()
      await current?.refresh()
    })
  } finally {
    refreshing = false
  }
}

function show(name) {
  const view = views[name] ?? views.environments
  for (const link of document.querySelectorAll('nav a')) {
    link.classList.toggle('active', link.dataset.view === (views[name] ? name : 'environments'))
  }
  current = view
  const main = $('view')
  main.replaceChildren()
  view.mount(main, refresh)
  void refresh()
}

/** `#token=...`: the admin token handed over in the URL fragment (never sent to the server). */
function takeTokenFromHash() {
  const hash = location.hash.slice(1)
  if (!hash.startsWith('token=')) return
  setAdminToken(decodeURIComponent(hash.slice('token='.length)))
  history.replaceState(null, '', '#environments')
}

function route() {
  takeTokenFromHash()
  show(location.hash.slice(1))
}

function wireHeader() {
  $('advance-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const ms = parseDuration($('advance-by').value)
    if (ms === undefined) return notice('advance by: write e.g. 500ms, 30s, 5m, 2h or 1d')
    void guarded(async () => {
      await control('/clock', { method: 'POST', json: { advanceMs: ms } })
      notice('')
      await refresh()
    })
  })
  $('clock-toggle').addEventListener('click', () =>
    guarded(async () => {
      await control('/clock', {
        method: 'POST',
        json: { mode: shared.clock.mode === 'manual' ? 'real' : 'manual' },
      })
      await refresh()
    }),
  )
  $('reset').addEventListener('click', () => {
    if (
      !confirm(
        'Reset the mock to its start (the fixture, or the marked start)? Everything changed since goes.',
      )
    )
      return
    void guarded(async () => {
      await control('/reset', { method: 'POST' })
      show(location.hash.slice(1))
    })
  })
  $('download-state').addEventListener('click', () => guarded(downloadState))
  $('token-form').addEventListener('submit', (event) => {
    event.preventDefault()
    setAdminToken(new FormData(event.target).get('token'))
    void start()
  })
}

let timer
async function start() {
  takeTokenFromHash()
  await guarded(async () => {
    const session = await ui('/session')
    setMemberToken(session.memberToken)
    if (!session.memberToken) notice('The fixture has no member who may read environments and snapshots.')
    route()
  })
  clearInterval(timer)
  timer = setInterval(() => {
    if ($('live').checked && document.visibilityState === 'visible') void refresh()
  }, REFRESH_MS)
}

window.addEventListener('hashchange', route)
wireHeader()
void start()
