import { defineConfig } from 'vitest/config'
import { replicaMock } from 'replica-mock/vitest'

export default defineConfig({
  // server mode: jsforce 3.10.19 and later (Node 22+) call the network through the undici package's
  // own fetch, which msw does not intercept; a standalone replica per worker serves every jsforce
  plugins: [replicaMock({ mode: 'server' })],
})
