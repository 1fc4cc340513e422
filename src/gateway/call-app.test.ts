/**
 * What the gateway takes of a built-in route's answer: the body the route made it from while the
 * response is still that answer, against the same cap as a body read from its stream (counted in
 * UTF-8 bytes, not characters); an answer replaced after the route is read from its own stream.
 */
import { expect, it } from 'vitest'
import { MAX_NATIVE_BODY_BYTES } from '../replica/native-call.js'
import { appAnswer, routeAnswer } from './call-app.js'
import { GatewayRefusal } from './gateway-refusal.js'

const WHERE = { environmentId: 'env_1', app: 'crm' }
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

it('passes on the body a route answered, as its UTF-8 bytes', async () => {
  const body = '{"Name":"Café ☕"}'
  const response = new Response(body, { headers: { 'content-type': 'application/json' } })
  const outcome = await appAnswer(response, WHERE, {
    answeredBody: routeAnswer({ response, body }, response)?.body,
  })
  expect(decode(outcome.body.data)).toBe(body)
  expect(outcome.body.size).toBe(new TextEncoder().encode(body).byteLength)
  expect(outcome.body.contentType).toBe('application/json')
  // the stream was left alone: the body came from the route
  expect(response.bodyUsed).toBe(false)
})

it('reads an answer that replaced the route’s from its own stream', async () => {
  const answered = { response: new Response('{"from":"route"}'), body: '{"from":"route"}' }
  const replaced = new Response('{"from":"middleware"}', { status: 201 })
  expect(routeAnswer(answered, replaced)).toBeUndefined()
  const outcome = await appAnswer(replaced, WHERE, { answeredBody: routeAnswer(answered, replaced)?.body })
  expect(outcome.status).toBe(201)
  expect(decode(outcome.body.data)).toBe('{"from":"middleware"}')
})

it('takes an answered body of exactly the cap in bytes, and refuses one byte more', async () => {
  const exact = 'a'.repeat(MAX_NATIVE_BODY_BYTES)
  const response = new Response(exact)
  const outcome = await appAnswer(response, WHERE, { answeredBody: exact })
  expect(outcome.body.size).toBe(MAX_NATIVE_BODY_BYTES)

  // fewer characters than the cap, more bytes: "é" is two bytes in UTF-8
  const over = `${'a'.repeat(MAX_NATIVE_BODY_BYTES - 1)}é`
  expect(over.length).toBe(MAX_NATIVE_BODY_BYTES)
  const overResponse = new Response(over)
  const refused = appAnswer(overResponse, WHERE, { answeredBody: over })
  await expect(refused).rejects.toBeInstanceOf(GatewayRefusal)
  await expect(refused).rejects.toMatchObject({ code: 'response_too_large', target: WHERE })
})

it('takes a route’s empty answer (204) as no body', async () => {
  const response = new Response(null, { status: 204 })
  const outcome = await appAnswer(response, WHERE, { answeredBody: null })
  expect(outcome.status).toBe(204)
  expect(outcome.body.size).toBe(0)
})
