/**
 * The recorded real answers under test/recordings (README.md there): each file's schema, and
 * reading them all. A recording holds the request as a client sent it (path, headers, JSON
 * body, `{placeholders}` filled from the test's bindings), the answer's status, the headers it
 * must carry, its body (values ours, shape the source's), where it came from, and the comparer's
 * rules for it (test/support/shape-compare.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as z from 'zod'
import { parseApiVersion } from '../../src/replica/metadata/api-version.js'
import { type DescribePart, keyExistsAt } from '../../src/replica/metadata/describe-keys-by-version.js'
import type { ShapeRules } from './shape-compare.js'

export const RECORDINGS_DIR = join(import.meta.dirname, '..', 'recordings')

const DescribePartName = z.enum(['global', 'sobject', 'field', 'childRelationship', 'recordTypeInfo', 'urls'])

export const Recording = z.strictObject({
  description: z.string(),
  source: z.strictObject({
    /** A recorded cassette, a client library's test fixture (a saved answer), or a documentation example. */
    kind: z.enum(['cassette', 'fixture', 'documentation']),
    /** `owner/name` of a repository's cassette or fixture; absent for documentation. */
    repository: z.string().optional(),
    path: z.string().optional(),
    commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .optional(),
    license: z.string(),
    url: z.url(),
    /** The API version the source answered at, when it says (`null`: elided). */
    apiVersion: z.string().nullable(),
  }),
  /** What is trimmed, older than a key, or replayed differently, in this file. */
  notes: z.array(z.string()).min(1),
  /** A named setup of the recordings test that binds placeholders (`{organizationId}`). */
  setup: z.string().optional(),
  request: z.strictObject({
    /** Where `path` goes: the app URL (with the app token) or the login URL (no token). @default 'app' */
    base: z.enum(['app', 'login']).optional(),
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD']),
    /** A path, or a `{placeholder}` a setup binds to one. */
    path: z.string().regex(/^[/{]/),
    headers: z.record(z.string(), z.string()).optional(),
    json: z.unknown().optional(),
    /** A raw body (CSV), sent with `headers`' content type. */
    body: z.string().optional(),
    /**
     * A multipart body as Salesforce documents blob inserts: the record's fields as a JSON part,
     * then the file as a part named after the blob field (sent with its own boundary header).
     */
    multipart: z
      .strictObject({
        /** The JSON part: its name (`entity_content`, any name is taken) and the record's fields. */
        entity: z.strictObject({ name: z.string(), json: z.record(z.string(), z.unknown()) }),
        /** The binary part: the blob field, the file's name and type, and its bytes as text. */
        file: z.strictObject({
          field: z.string(),
          filename: z.string(),
          contentType: z.string(),
          text: z.string(),
        }),
      })
      .optional(),
  }),
  response: z.strictObject({
    status: z.int(),
    /** Headers the answer must carry (their values are the source's own). */
    headers: z.array(z.string()).optional(),
    /** The body's shape; absent or null for none (204, 304). A string: a CSV whose header row counts. */
    body: z.unknown().optional(),
    /** The body is a blob's bytes (no JSON): the answer must have bytes, in a content type that is not JSON. */
    binary: z.literal(true).optional(),
  }),
  compare: z
    .strictObject({
      keyedArrays: z.record(z.string(), z.string()).optional(),
      open: z.record(z.string(), z.string()).optional(),
      /** Generic paths of describe parts: an extra key there passes if it exists at the request's version. */
      describeParts: z.record(z.string(), DescribePartName).optional(),
    })
    .optional(),
})
export type Recording = z.infer<typeof Recording>

export interface RecordingFile {
  /** Path under test/recordings. */
  name: string
  recording: Recording
}

/** Every recording, by path under test/recordings; a file that does not parse fails loudly. */
export function readRecordings(dir = RECORDINGS_DIR): RecordingFile[] {
  const files: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.json')) files.push(path)
    }
  }
  walk(dir)
  return files.sort().map((path) => {
    const name = relative(dir, path)
    const parsed = Recording.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    if (!parsed.success)
      throw new TypeError(`Failed to read recording ${name}: ${z.prettifyError(parsed.error)}`)
    return { name, recording: parsed.data }
  })
}

/** `value` with every `{name}` in its strings replaced by `bindings[name]`. */
export function fill<T>(value: T, bindings: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') {
    return value.replace(/\{(\w+)\}/g, (whole, name: string) => bindings[name] ?? whole) as T
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, bindings)) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, bindings)])) as T
  }
  return value
}

/** The comparer's rules of a recording, the describe key table read at the request's API version. */
export function rulesOf(recording: Recording): ShapeRules {
  const version = parseApiVersion(/\/services\/data\/(v\d+\.\d)/.exec(recording.request.path)?.[1] ?? '')
  const parts = recording.compare?.describeParts ?? {}
  return {
    keyedArrays: recording.compare?.keyedArrays,
    open: recording.compare?.open,
    versionedKey: (path, key) => {
      const part = parts[path] as DescribePart | undefined
      return part !== undefined && version !== undefined && keyExistsAt(part, key, version)
    },
  }
}
