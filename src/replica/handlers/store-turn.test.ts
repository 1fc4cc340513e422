import { expect, it } from 'vitest'
import { nativeReplica } from '../../../test/support/native-replica.js'
import { crmSchemaInput } from '../../fixtures/crm/index.js'

const view = { apiVersion: '60.0', actor: 'admin' }

/** An app whose store is held by an async transaction until `release()`; it then rolls back. */
function heldApp() {
  const { app, raw } = nativeReplica(crmSchemaInput)
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const held = app.store
    .transactionAsync(async () => {
      app.records.create('Account', { Name: 'Uncommitted' }, view)
      await gate
      throw new Error('roll back')
    })
    .catch(() => 'rolled back')
  const send = (method: string, path: string, body?: unknown) =>
    raw(method, path, body).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }))
  return { app, send, release, held }
}

/** Lets every queued callback run (enough for a call that does not wait to answer). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20))

it('holds an ordinary read while a transaction holds the store: it never sees the uncommitted write', async () => {
  const { send, release, held } = heldApp()
  let answered = false
  const read = send('GET', "/query?q=SELECT+Id+FROM+Account+WHERE+Name='Uncommitted'").then((answer) => {
    answered = true
    return answer
  })
  await settle()
  expect(answered).toBe(false)
  release()
  expect(await held).toBe('rolled back')
  expect((await read).body).toMatchObject({ totalSize: 0 })
})

it('holds an ordinary write until the transaction ends, so its rollback does not undo that write', async () => {
  const { app, send, release, held } = heldApp()
  let answered = false
  const write = send('POST', '/sobjects/Account', { Name: 'Committed on its own' }).then((answer) => {
    answered = true
    return answer
  })
  await settle()
  expect(answered).toBe(false)
  release()
  await held
  const created = await write
  expect(created.status).toBe(201)
  expect(app.records.read('Account', created.body.id, view, { fields: 'Name' }).Name).toBe(
    'Committed on its own',
  )
  expect(app.store.count('Account')).toBe(4)
})

it('answers at once when nobody holds the store', async () => {
  const { raw } = nativeReplica(crmSchemaInput)
  const response = await raw('GET', '/sobjects/Account/001Rm0000000001IAA')
  expect(response.status).toBe(200)
})
