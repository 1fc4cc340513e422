import { createCrmApps } from './src/replica/crm-app.js'
import { createRecordsAccess } from './src/replica/records-access.js'
const gc = (globalThis as any).gc
const used = () => { gc(); gc(); return process.memoryUsage().heapUsed }
const apps = createCrmApps({ clock: { now: () => new Date('2026-03-01T00:00:00Z') } })
const app = apps.open()
const records = createRecordsAccess(app, { actor: 'admin', apiVersion: '60.0' })
const before = used()
const batch = Array.from({ length: 100_000 }, (_, n) => ({ Name: `Account ${n}`, External_Id__c: `E-${n}`, AccountNumber: `AN-${n}`, Industry: 'Banking', Phone: '+1 555 0100' }))
records.insert('Account', batch as any); batch.length = 0
const after = used()
console.log('bytes/record', Math.round((after - before) / 100_000), 'stored fields', app.metadata.storedFields('Account').length)
