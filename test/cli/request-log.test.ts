/**
 * The request log of `replica-mock serve` as a parent process sees it on the stdout pipe: its
 * formats, what it does when the parent stops reading, and its flush on SIGTERM.
 */
import { expect, it } from 'vitest'
import { createAppCredentials, listeningUrl, MEMBER, waitForOutput, useCliRuns } from './run-cli.js'

const start = useCliRuns()

/** Sends `count` requests, `concurrency` at a time, and returns their statuses. */
async function sendMany(count: number, concurrency: number, send: (i: number) => Promise<Response>) {
  const statuses: number[] = []
  for (let done = 0; done < count; done += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - done) }, (_, i) =>
      send(done + i).then(async (response) => {
        await response.arrayBuffer()
        return response.status
      }),
    )
    statuses.push(...(await Promise.all(batch)))
  }
  return statuses
}

it('logs method, path, status and sub-ms duration as text, with environment and app for native calls', async () => {
  const run = start(['serve', '--port', '0'])
  const url = await listeningUrl(run)
  const { environmentId, token } = await createAppCredentials(url)
  await fetch(`${url}/services/data?x=1`, { headers: { authorization: `Bearer ${token}` } })
  await fetch(`${url}/apps/${environmentId}/crm/t/${token}/services/data`)
  await fetch(`${url}/services/data`)
  // a token where a path segment goes, plain or percent-encoded
  await fetch(`${url}/services/data/v60.0/${token}/whatever`, {
    headers: { authorization: `Bearer ${token}` },
  })
  await fetch(`${url}/v1/no-such-route/${encodeURIComponent(token)}`, { headers: MEMBER })
  await fetch(`${url}/v1/nothing-here`, { headers: MEMBER })
  const out = await waitForOutput(run, (text) => text.includes('GET /v1/nothing-here'))

  const lines = out.split('\n')
  expect(lines).toContainEqual(expect.stringMatching(/^POST \/v1\/environments 202 \d+\.\d{3}ms$/))
  expect(lines.find((line) => line.startsWith('GET /services/data 200 '))).toMatch(
    new RegExp(`^GET /services/data 200 \\d+\\.\\d{3}ms env=${environmentId} app=crm$`),
  )
  // the token in the URL never reaches the log
  expect(out).not.toContain(token)
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^GET /apps/${environmentId}/crm/t/\\[redacted\\]/services/data 200 \\d+\\.\\d{3}ms env=${environmentId} app=crm$`,
      ),
    ),
  )
  // no token: the gateway's 401, for no environment
  expect(lines).toContainEqual(expect.stringMatching(/^GET \/services\/data 401 \d+\.\d{3}ms$/))
  expect(lines).toContainEqual(expect.stringMatching(/^GET \/v1\/nothing-here 404 \d+\.\d{3}ms$/))
  expect(lines).toContainEqual(
    expect.stringMatching(/^GET \/services\/data\/v60\.0\/\[redacted\]\/whatever 404 \d+\.\d{3}ms env=/),
  )
  expect(lines).toContainEqual(
    expect.stringMatching(/^GET \/v1\/no-such-route\/\[redacted\] 404 \d+\.\d{3}ms$/),
  )
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('logs one JSON object per line with --log-format json', async () => {
  const run = start(['serve', '--port', '0', '--log-format', 'json'])
  const url = await listeningUrl(run)
  const { environmentId, token } = await createAppCredentials(url)
  await fetch(`${url}/services/data`, { headers: { authorization: `Bearer ${token}` } })
  const out = await waitForOutput(run, (text) => text.includes('"path":"/services/data"'))

  const records = out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
  expect(records.map((record) => `${record.method} ${record.path} ${record.status}`)).toEqual([
    'POST /v1/environments 202',
    `POST /v1/environments/${environmentId}/apps/crm/credentials 200`,
    'GET /services/data 200',
  ])
  expect(records[2]).toEqual({
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    method: 'GET',
    path: '/services/data',
    status: 200,
    ms: expect.any(Number),
    environmentId,
    app: 'crm',
  })
  expect(records[0]).not.toHaveProperty('environmentId')
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('logs environment and app for native calls also when no call is recorded (--max-recorded-calls 0)', async () => {
  const run = start(['serve', '--port', '0', '--max-recorded-calls', '0'])
  const url = await listeningUrl(run)
  const { environmentId, token } = await createAppCredentials(url)
  await fetch(`${url}/services/data`, { headers: { authorization: `Bearer ${token}` } })
  // admitted, then refused by the gateway: a body over the 4 MiB cap
  await fetch(`${url}/services/data/v60.0/sobjects/Account`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: 'x'.repeat(4 * 1024 * 1024 + 1),
  })
  // a token where a path segment goes, plain or percent-encoded
  await fetch(`${url}/services/data/v60.0/${token}/whatever`, {
    headers: { authorization: `Bearer ${token}` },
  })
  await fetch(`${url}/v1/no-such-route/${encodeURIComponent(token)}`, { headers: MEMBER })
  await fetch(`${url}/v1/nothing-here`, { headers: MEMBER })
  const out = await waitForOutput(run, (text) => text.includes('GET /v1/nothing-here'))

  const lines = out.split('\n')
  expect(lines.find((line) => line.startsWith('GET /services/data 200 '))).toMatch(
    new RegExp(`^GET /services/data 200 \\d+\\.\\d{3}ms env=${environmentId} app=crm$`),
  )
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^POST /services/data/v60.0/sobjects/Account 413 \\d+\\.\\d{3}ms env=${environmentId} app=crm$`,
      ),
    ),
  )
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
})

it('exits 2 on an unknown --log-format', async () => {
  const run = start(['serve', '--log-format', 'xml'])
  expect(await run.exited).toBe(2)
  expect(run.stderr()).toContain('--log-format must be "text" or "json", got "xml"')
})

it('keeps answering, in bounded memory, when the reader stops; then counts the lines it dropped', async () => {
  const run = start(['serve', '--port', '0'])
  const url = await listeningUrl(run)
  // 12 KiB paths: 1500 requests make 18 MiB of log, far beyond the pipe and the 1 MiB the log holds
  const long = 'x'.repeat(12 * 1024)
  run.child.stdout!.pause()
  const statuses = await sendMany(1500, 10, (i) => fetch(`${url}/v1/${i}-${long}`, { headers: MEMBER }))
  expect(new Set(statuses)).toEqual(new Set([404]))

  run.child.stdout!.resume()
  const out = await waitForOutput(run, (text) => /\.\.\. \d+ log lines dropped/.test(text))
  const logged = out.split('\n').filter((line) => line.includes(long)).length
  const dropped = [...out.matchAll(/^\.\.\. (\d+) log lines dropped/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  )
  // what reached the reader is what the pipe and the log's 1 MiB held: ~100 lines, not 18 MiB
  expect(logged).toBeGreaterThan(0)
  expect(logged).toBeLessThan(250)
  expect(logged + dropped).toBe(1500)
  // and it goes on logging
  await fetch(`${url}/v1/after-the-stall`, { headers: MEMBER })
  await waitForOutput(run, (text) => text.includes('GET /v1/after-the-stall 404'))
  run.child.kill('SIGTERM')
  expect(await run.exited).toBe(0)
}, 60_000)

it('flushes every held line on SIGTERM before it exits', async () => {
  const run = start(['serve', '--port', '0'])
  const url = await listeningUrl(run)
  // 300 lines of ~2 KiB: more than the pipe holds, less than the log's bound (nothing dropped)
  const long = 'y'.repeat(2 * 1024)
  run.child.stdout!.pause()
  await sendMany(300, 10, (i) => fetch(`${url}/v1/${i}-${long}`, { headers: MEMBER }))
  run.child.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 200))
  run.child.stdout!.resume()
  expect(await run.exited).toBe(0)
  const lines = run.stdout().split('\n')
  expect(lines.filter((line) => line.includes(long))).toHaveLength(300)
  expect(run.stdout()).not.toContain('dropped')
  expect(lines.at(-2)).toBe('replica-mock stopped (SIGTERM)')
})
