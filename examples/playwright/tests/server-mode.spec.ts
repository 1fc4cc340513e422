import { expect, test } from 'replica-mock/playwright'

test.describe('server mode: the page calls the worker replica over HTTP', () => {
  test('lists the environments', async ({ page, replica, replicaServer }) => {
    await replica.seed.environment({ name: 'seeded', status: 'paused' })

    await page.goto(`/?api=${encodeURIComponent(replicaServer.url)}&key=${replicaServer.apiKey}`)

    await expect(page.getByRole('list', { name: 'Environments' })).toHaveText('seeded — paused')
  })

  test('creates an environment', async ({ page, replica, replicaServer }) => {
    await page.goto(`/?api=${encodeURIComponent(replicaServer.url)}&key=${replicaServer.apiKey}`)

    await page.getByLabel('Name').fill('from-the-page')
    await page.getByRole('button', { name: 'Create environment' }).click()

    await expect(page.getByRole('status')).toHaveText('Created from-the-page (starting)')
    await expect(page.getByRole('listitem')).toHaveText(['from-the-page — running'])
    expect((await replica.environments()).map((environment) => environment.name)).toEqual(['from-the-page'])
    const created = (await replica.auditEvents()).find((event) => event.name === 'environment.created')
    expect(created?.principal.type).toBe('api_key')
  })
})
