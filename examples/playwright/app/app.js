// The API origin and key come from the query string (?api=...&key=...), else the fixed defaults.
const params = new URLSearchParams(location.search)
const api = params.get('api') ?? 'https://api.replica.test'
const key = params.get('key') ?? 'test-api-key'

const list = document.querySelector('#environments')
const message = document.querySelector('#message')

async function call(method, path, body) {
  const response = await fetch(api + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const payload = await response.json()
  if (!response.ok) throw new Error(payload.error?.message ?? `HTTP ${response.status}`)
  return payload
}

async function refresh() {
  const { data } = await call('GET', '/v1/environments')
  list.replaceChildren(
    ...data.map((environment) => {
      const item = document.createElement('li')
      item.textContent = `${environment.name ?? environment.id} — ${environment.status}`
      return item
    }),
  )
}

document.querySelector('#create').addEventListener('submit', async (event) => {
  event.preventDefault()
  const name = new FormData(event.target).get('name')
  try {
    const environment = await call('POST', '/v1/environments', { name, apps: ['crm'] })
    message.textContent = `Created ${environment.name} (${environment.status})`
    await refresh()
  } catch (error) {
    message.textContent = `Failed: ${error.message}`
  }
})

refresh().catch((error) => {
  message.textContent = `Failed: ${error.message}`
})
