import { expect, test } from 'replica-mock/playwright'

// network mode routes the page's calls through @msw/playwright, whose 0.6 releases need msw 2
test.describe('network mode: the page calls https://api.replica.test, routed to the replica', () => {
  test('lists the environments', async ({ page, replica, replicaNetwork }) => {
    await replica.seed.environment({ name: 'seeded', status: 'paused' })

    await page.goto('/')

    await expect(page.getByRole('list', { name: 'Environments' })).toHaveText('seeded — paused')
  })

  test('creates an environment', async ({ page, replica, replicaNetwork }) => {
    await page.goto('/')

    await page.getByLabel('Name').fill('from-the-page')
    await page.getByRole('button', { name: 'Create environment' }).click()

    await expect(page.getByRole('status')).toHaveText('Created from-the-page (starting)')
    await expect(page.getByRole('listitem')).toHaveText(['from-the-page — running'])
    expect((await replica.environments()).map((environment) => environment.name)).toEqual(['from-the-page'])
    const created = (await replica.auditEvents()).find((event) => event.name === 'environment.created')
    expect(created?.principal.type).toBe('api_key')
  })
})
