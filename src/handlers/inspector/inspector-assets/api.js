// How the inspector reads the mock: the control API (admin token when the mock has one), its own
// JSON routes under /__replica/ui/api, and /v1 as a fixture member (x-replica-inspector keeps
// these reads out of the fidelity report).

const session = { adminToken: sessionStorage.getItem('replica-admin-token') ?? '', memberToken: '' }

export class AuthError extends Error {}

export function setAdminToken(token) {
  session.adminToken = token
  sessionStorage.setItem('replica-admin-token', token)
}

export function setMemberToken(token) {
  session.memberToken = token ?? ''
}

async function call(url, init = {}, token) {
  const headers = { ...(init.headers ?? {}) }
  if (token) headers.authorization = `Bearer ${token}`
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  if (response.status === 401) throw new AuthError(`${url}: 401`)
  const type = response.headers.get('content-type') ?? ''
  const body = type.includes('json') ? await response.json() : await response.text()
  if (!response.ok) {
    const message = body?.error?.message ?? `${response.status} ${response.statusText}`
    throw new Error(message)
  }
  return body
}

export const control = (path, init) => call(`/__replica${path}`, init, session.adminToken)
export const ui = (path) => control(`/ui/api${path}`)
export const v1 = (path) =>
  call(`/v1${path}`, { headers: { 'x-replica-inspector': '1' } }, session.memberToken)

/** `?a=1&b=2` from an object, leaving out empty values. */
export function query(params) {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** The whole state as a file download. */
export async function downloadState() {
  const response = await fetch('/__replica/state', {
    headers: session.adminToken ? { authorization: `Bearer ${session.adminToken}` } : {},
  })
  if (response.status === 401) throw new AuthError('state: 401')
  const url = URL.createObjectURL(await response.blob())
  const link = Object.assign(document.createElement('a'), { href: url, download: 'replica-state.json' })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** The first `pages` pages of a `/v1` list (newest first): `{ rows, more }`. */
export async function readPages(path, params, pages, limit = 100) {
  const rows = []
  let cursor
  for (let page = 0; page < pages; page++) {
    const result = await v1(`${path}${query({ ...params, limit, cursor })}`)
    rows.push(...result.data)
    cursor = result.nextCursor
    if (!cursor) break
  }
  return { rows, more: Boolean(cursor) }
}
