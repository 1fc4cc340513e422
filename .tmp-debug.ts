import { createCrmRoutes } from './src/replica/handlers/native-handler.ts'
const app = createCrmRoutes()
for (const r of app.routes.filter(r => r.path.includes(':value'))) console.log(r.method, r.path)
