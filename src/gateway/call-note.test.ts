import { expect, it } from 'vitest'
import { parseAppPath } from './app-path.js'
import { noteOf } from './call-note.js'
import type { ReceivedCall } from './received-call.js'

function received(path: string, tiedTo?: { environmentId: string; app: string }): ReceivedCall {
  return {
    path: parseAppPath(path),
    environmentId: tiedTo?.environmentId,
    app: tiedTo?.app ?? '',
  } as ReceivedCall
}

it('notes the environment and app the call was tied to, over what its prefix names', () => {
  expect(
    noteOf(received('/apps/env_prefix/other/services/data', { environmentId: 'env_1', app: 'crm' })),
  ).toEqual({ environmentId: 'env_1', app: 'crm', tokenInPath: false })
})

it("notes the prefix's environment and app for a call tied to none", () => {
  expect(noteOf(received('/apps/env_gone/crm/t/tok_x/services/data'))).toEqual({
    environmentId: 'env_gone',
    app: 'crm',
    tokenInPath: true,
  })
})

it('notes no environment for a call at the root tied to none', () => {
  expect(noteOf(received('/services/data'))).toEqual({
    environmentId: undefined,
    app: undefined,
    tokenInPath: false,
  })
})
