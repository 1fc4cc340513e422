import { expect, it } from 'vitest'
import { createReplicaMock, kInternals } from '../create-replica-mock.js'

// a route shape RegExpRouter cannot take (a parameter beside a fixed segment, a capture group in a
// parameter's pattern) silently sends every request of the app through the slower TrieRouter
it('keeps every route of the app in Hono RegExpRouter', () => {
  const { router } = createReplicaMock()[kInternals].app
  router.match('GET', '/') // SmartRouter picks its router on the first match
  expect(router.name).toBe('SmartRouter + RegExpRouter')
})
