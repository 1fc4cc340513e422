/**
 * @module
 * What `--state-file` costs a write: record creates over HTTP (10 connections, 1k Accounts seeded)
 * against `replica-mock serve --quiet` with state in memory only and with `--state-file` (each
 * write journaled and fdatasync'ed before its response; concurrent writes share one fsync).
 * Target: journaled writes keep at least 0.1x the in-memory rate; the figure is the fsync
 * policy's price on this disk.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedCrm } from '../lib/crm-seed.js'
import { defineBench } from '../lib/define-bench.js'
import { compareHttp } from '../lib/measure-http.js'
import { spawnCli } from '../lib/spawn-server.js'

const V = '/services/data/v60.0'

export default defineBench({
  description: 'record create req/s: serve --state-file (journal, fsync per batch) vs in memory only',
  async run() {
    const seeded = await seedCrm(1000)
    const memory = await spawnCli(['--quiet'])
    const persisted = await spawnCli([
      '--quiet',
      '--state-file',
      join(mkdtempSync(join(tmpdir(), 'bench-state-')), 'state.json'),
    ])
    try {
      for (const server of [memory, persisted]) {
        const put = await fetch(`${server.url}/__replica/state`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: readFileSync(seeded.stateFile, 'utf8'),
        })
        if (!put.ok) throw new Error(`Failed to load the seeded state: ${put.status} ${await put.text()}`)
      }
      const target = (label: string, server: typeof memory) => ({
        label,
        url: `${server.url}/apps/${seeded.environmentId}/crm${V}/sobjects/Account`,
        method: 'POST' as const,
        headers: { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ Name: 'Bench Account', Industry: 'Banking' }),
        serverPid: server.pid,
      })
      const [baseline, subject] = await compareHttp([
        target('replica-mock serve --quiet: POST Account (memory only)', memory),
        target('replica-mock serve --quiet --state-file: POST Account (journal + fdatasync)', persisted),
      ])
      return {
        comparisons: [
          {
            label: 'record create with --state-file vs memory only (req/s)',
            subject: subject!,
            baseline: baseline!,
            target: { atLeast: 0.1 },
          },
        ],
      }
    } finally {
      await Promise.all([memory.close(), persisted.close()])
      seeded.remove()
    }
  },
})
