import { ACME } from '../../support/composite.js'
import { conformanceTest, expect } from '../../support/harness.js'
import { type AppConnection, connectApp, V } from '../../support/native.js'

const test = conformanceTest()

type Urls = Record<string, string>
const entry = (body: { sobjects: Array<{ name: string; urls: Urls }> }, name: string) =>
  body.sobjects.find((sobject) => sobject.name === name)!

test('global describe entries name the resources a real org lists for each object', async ({ client }) => {
  const app = await connectApp(client)
  const global = (await app.get(`${V}/sobjects`)).body
  expect(Object.keys(entry(global, 'Account').urls).sort()).toEqual([
    'approvalLayouts',
    'compactLayouts',
    'describe',
    'layouts',
    'listviews',
    'quickActions',
    'rowTemplate',
    'sobject',
  ])
  expect(entry(global, 'Account').urls.compactLayouts).toBe(`${V}/sobjects/Account/describe/compactLayouts`)
  expect(Object.keys(entry(global, 'Organization').urls).sort()).toEqual([
    'describe',
    'rowTemplate',
    'sobject',
  ])
  expect(entry(global, 'Organization')).toMatchObject({ layoutable: false })
  expect(entry(global, 'User').urls).toMatchObject({
    namedLayouts: `${V}/sobjects/User/describe/namedLayouts/{LayoutName}`,
    passwordUtilities: `${V}/sobjects/User/{ID}/password`,
  })
  expect(entry(global, 'Case').urls).toMatchObject({
    caseArticleSuggestions: `${V}/sobjects/Case/suggestedArticles`,
    caseRowArticleSuggestions: `${V}/sobjects/Case/{ID}/suggestedArticles`,
  })
})

test('an object’s describe adds the browser URLs of its records, and defaultValues up to 48.0', async ({
  client,
}) => {
  const app = await connectApp(client)
  const urls: Urls = (await app.get(`${V}/sobjects/Account/describe`)).body.urls
  const instance = `${new URL(client.baseUrl).origin}/apps/${app.environment.id}/crm`
  expect(urls).toMatchObject({
    uiDetailTemplate: `${instance}/{ID}`,
    uiEditTemplate: `${instance}/{ID}/e`,
    uiNewRecord: `${instance}/001/e`,
  })
  expect(urls.defaultValues).toBeUndefined()
  const v48: Urls = (await app.get('/services/data/v48.0/sobjects/Account/describe')).body.urls
  expect(v48.defaultValues).toBe('/services/data/v48.0/sobjects/Account/defaultValues?recordTypeId&fields')
})

test('describe keys appear from the API version Salesforce introduced them in', async ({ client }) => {
  const app = await connectApp(client)
  const v48 = (await app.get('/services/data/v48.0/sobjects/Account/describe')).body
  for (const key of ['associateEntityType', 'associateParentEntity', 'sobjectDescribeOption']) {
    expect(v48, key).not.toHaveProperty(key)
  }
  expect(v48).toHaveProperty('deepCloneable')
  const v50 = (await app.get('/services/data/v50.0/sobjects/Account/describe')).body
  expect(v50).toMatchObject({
    associateEntityType: null,
    associateParentEntity: null,
    sobjectDescribeOption: 'FULL',
  })
  const global48 = (await app.get('/services/data/v48.0/sobjects')).body
  expect(entry(global48, 'Account')).not.toHaveProperty('associateEntityType')
  expect(entry((await app.get(`${V}/sobjects`)).body, 'Account')).toHaveProperty('associateEntityType', null)
})

/** A concrete URL for a template: a record of the object for `{ID}`, any name for `{LayoutName}`. */
async function concrete(app: AppConnection, object: string, url: string): Promise<string> {
  let id = object === 'Account' ? ACME : '001000000000000AAA'
  if (url.includes('{ID}') && object !== 'Account') {
    const found = await app.get(`${V}/query?q=${encodeURIComponent(`SELECT Id FROM ${object} LIMIT 1`)}`)
    id = found.body.records?.[0]?.Id ?? id
  }
  return url.replace('{ID}', id).replace('{LayoutName}', 'Default')
}

test('every URL a describe lists answers: a shaped answer (list views always), or NOT_FOUND for what the replica does not model', async ({
  client,
}) => {
  const app = await connectApp(client)
  const global = (await app.get(`${V}/sobjects`)).body as { sobjects: Array<{ name: string; urls: Urls }> }
  const answers: string[] = []
  for (const { name } of global.sobjects) {
    const urls: Urls = {
      ...entry(global, name).urls,
      ...(await app.get(`${V}/sobjects/${name}/describe`)).body.urls,
    }
    for (const [key, template] of Object.entries(urls)) {
      const url = await concrete(app, name, template)
      const response = template.startsWith('/services')
        ? await app.get(url)
        : await client.get(new URL(url).pathname, { token: app.credentials.token })
      // list views are served for every object that lists them: an object's own list, never NOT_FOUND
      const ok =
        key === 'listviews'
          ? response.status === 200 && Array.isArray(response.body?.listviews)
          : response.status === 200 ||
            (response.status === 404 && response.body?.[0]?.errorCode === 'NOT_FOUND')
      if (!ok) answers.push(`${name}.${key} ${url}: ${response.status} ${response.text.slice(0, 200)}`)
    }
  }
  expect(answers).toEqual([])
})

test('an external id value spelled like a record resource is a row by external id', async ({ client }) => {
  const app = await connectApp(client)
  const upsert = await app.patch(`${V}/sobjects/Account/External_Id__c/password`, { json: { Name: 'Pw' } })
  expect(upsert.status).toBe(201)
  expect((await app.get(`${V}/sobjects/Account/External_Id__c/password`)).body.Name).toBe('Pw')
  expect((await app.get(`${V}/sobjects/User/005Rm0000000001IAA/password`)).status).toBe(404)
})

test('the layout resources answer in the shape of an org without layouts of its own', async ({ client }) => {
  const app = await connectApp(client)
  const layouts = (await app.get(`${V}/sobjects/Account/describe/layouts`)).body
  expect(layouts.recordTypeSelectorRequired).toEqual([false])
  const [layout] = layouts.layouts
  const fieldNames = layout.detailLayoutSections[0].layoutRows.flatMap((row: any) =>
    row.layoutItems.map((item: any) => item.layoutComponents[0].value),
  )
  expect(fieldNames).toEqual(expect.arrayContaining(['Name', 'BillingAddress', 'OwnerId']))
  expect(fieldNames).not.toContain('BillingCity')
  const byRecordType = await app.get(layouts.recordTypeMappings[0].urls.layout)
  expect(byRecordType.body.id).toBe(layout.id)
  expect((await app.get(`${V}/sobjects/Account/describe/layouts/012000000000001AAA`)).status).toBe(404)
  expect((await app.get(`${V}/sobjects/Account/describe/approvalLayouts`)).body).toEqual({
    approvalLayouts: [],
  })
  expect((await app.get(`${V}/sobjects/Account/describe/compactLayouts`)).body).toMatchObject({
    compactLayouts: [],
    defaultCompactLayoutId: null,
  })
  expect((await app.get(`${V}/sobjects/Account/quickActions`)).body).toEqual([])
  expect((await app.get(`${V}/sobjects/Widget__c/describe/layouts`)).status).toBe(404)
})
