import { conformanceTest, expect } from '../../support/harness.js'
import { connectApp } from '../../support/native.js'
import { csvRows, resultText, runIngest } from '../../support/bulk.js'

const test = conformanceTest({ clock: 'manual' })

test('inserts rows and answers exact result files', async ({ client }) => {
  const app = await connectApp(client)
  const info = await runIngest(
    app,
    { object: 'Account', operation: 'insert' },
    'Name,Industry,NumberOfEmployees\nBulk One,Banking,10\nBulk Two,Banking,20x\n,Energy,x\n',
  )
  expect(info).toMatchObject({ state: 'JobComplete', numberRecordsProcessed: 3, numberRecordsFailed: 2 })
  console.log(info)
  console.log(await resultText(app, info.id, 'successfulResults'))
  console.log(await resultText(app, info.id, 'failedResults'))
  console.log(csvRows(await resultText(app, info.id, 'unprocessedrecords')))
})
