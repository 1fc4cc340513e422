import { defineConfig } from 'vitest/config'
import { replicaMock } from 'replica-mock/vitest'

export default defineConfig({
  plugins: [replicaMock()],
})
