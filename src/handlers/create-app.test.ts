import { expect, it } from 'vitest'
import { createReplicaMock, kInternals } from '../create-replica-mock.js'

// Every route of the one app fits Hono's RegExpRouter (one regular expression per method), the
// faster of the two SmartRouter picks from (decision 0066). A route beside a fixed segment at the
// same place (`/requests/stats` next to `/requests/:requestId`) would move every call, management
// and native, to its TrieRouter.
it('serves every route through Hono’s RegExpRouter', () => {
  const { router } = createReplicaMock()[kInternals].app
  router.match('GET', '/') // SmartRouter picks its router on the first match
  expect(router.name).toBe('SmartRouter + RegExpRouter')
})
