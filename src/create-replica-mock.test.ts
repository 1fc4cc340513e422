import { describe, expect, it } from 'vitest'
import { createReplicaMock } from './create-replica-mock.js'

describe('createReplicaMock', () => {
  it('keeps what a test seeds before awaiting ready()', async () => {
    const mock = createReplicaMock()
    const environment = await mock.seed.environment({ apps: ['crm'] })
    const [id] = mock.records(environment.id).insert('Account', [{ Name: 'Seeded early' }])
    await mock.ready()
    expect((await mock.environments.get(environment.id))?.id).toBe(environment.id)
    expect(mock.records(environment.id).get('Account', id!)?.Name).toBe('Seeded early')
  })
})
