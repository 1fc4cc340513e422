import { expect, it } from 'vitest'
import { lightResponse, lightResponseParts, lightResponses } from './light-response.js'

const made = () => lightResponse('{"id":"001A"}', 201, { 'content-type': 'application/json', location: '/x' })

it('is a Response that answers its status and body from its own fields', async () => {
  expect(lightResponses()).toBe(true)
  const response = made()
  expect(response).toBeInstanceOf(Response)
  expect(response.status).toBe(201)
  expect(response.ok).toBe(true)
  expect(response.statusText).toBe('')
  expect(response.bodyUsed).toBe(false)
  expect(await response.json()).toEqual({ id: '001A' })
  expect(response.bodyUsed).toBe(true)
  await expect(response.text()).rejects.toThrow(TypeError)
  expect(lightResponse('', 404, {}).ok).toBe(false)
})

it('goes to a real Response for its headers, its stream and the other readers', async () => {
  const response = made()
  expect(response.headers.get('location')).toBe('/x')
  expect(response.headers.get('content-type')).toBe('application/json')
  const copy = response.clone()
  expect(await copy.text()).toBe('{"id":"001A"}')
  expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('{"id":"001A"}')
  expect(response.bodyUsed).toBe(true)
  await expect(response.text()).rejects.toThrow(TypeError)
})

it('reads its body once, whichever way it is read', async () => {
  const read = made()
  await read.text()
  // the real Response made after the light one was read is read too
  await expect(read.arrayBuffer()).rejects.toThrow(TypeError)
  const streamed = made()
  await new Response(streamed.body).text()
  await expect(streamed.json()).rejects.toThrow(TypeError)
})

it('hands its parts over unread, and nothing for a read one or any other response', async () => {
  const response = made()
  expect(lightResponseParts(response)).toEqual({
    status: 201,
    body: '{"id":"001A"}',
    headers: { 'content-type': 'application/json', location: '/x' },
  })
  await response.text()
  expect(lightResponseParts(response)).toBeUndefined()
  expect(lightResponseParts(new Response('{}'))).toBeUndefined()
})
