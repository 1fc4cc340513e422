import { defineConfig } from '@playwright/test'
import type { ReplicaOptions } from 'replica-mock/playwright'

const port = Number(process.env.PORT ?? 4173)

export default defineConfig<ReplicaOptions>({
  testDir: 'tests',
  reporter: process.env.CI ? 'list' : 'line',
  webServer: {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Debian's Chromium (Playwright's own browser download is not needed)
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
  },
})
