/**
 * @module
 * The secrets recorded calls must never show, and where they occur in a text. `KnownSecrets`
 * holds the management tokens (admin token, member tokens, API keys), which may turn up in any
 * environment's calls, and each environment's own (app tokens current and previous, login
 * passwords and client secrets, tokens its login endpoints issued). `findSecrets` looks for
 * each given secret, and for the value of a secret parameter (`access_token=...`,
 * `"sessionId": "..."`), as written and percent- or `\u`-encoded: a token sent as `%74ok_...` is
 * still a token.
 */

/** Secrets shorter than this are not looked for (too many false hits; every real token is longer). */
export const MIN_SECRET_LENGTH = 6

/**
 * Names whose value is a secret wherever it appears: a query or form parameter, a JSON key, a
 * header. Salesforce clients send the session as `sessionId`/`sid`; OAuth sends the rest.
 */
const SECRET_PARAMETER =
  /(?:access_token|oauth_token|refresh_token|id_token|client_secret|sessionid|session_id)(?:["']?\s*[:=]\s*["']?)([^\s"'&,;}\]]+)/dgi

export type Range = readonly [start: number, end: number]

/** The secret parameter names, for the quick test (`SecretList.mayHold`). */
const SECRET_PARAMETER_NAME =
  /access_token|oauth_token|refresh_token|id_token|client_secret|sessionid|session_id/

/**
 * Secrets compiled once for searching many texts: one regular expression tells a text that holds
 * none of them and no secret parameter (most of a call's path, headers and bodies) before
 * `findSecrets` looks for where they are.
 */
export class SecretList {
  readonly secrets: readonly string[]
  /** Any secret or secret parameter name, in any case: a superset of what `findSecrets` finds. */
  readonly #any: RegExp

  constructor(secrets: Iterable<string>) {
    this.secrets = [...new Set([...secrets].filter((secret) => secret.length >= MIN_SECRET_LENGTH))]
    const literal = this.secrets.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    this.#any = new RegExp([...literal, SECRET_PARAMETER_NAME.source].join('|'), 'i')
  }

  /** The list with `more` added (itself when it holds them all). */
  with(more: readonly string[]): SecretList {
    return more.every((secret) => secret.length < MIN_SECRET_LENGTH || this.secrets.includes(secret))
      ? this
      : new SecretList([...this.secrets, ...more])
  }

  /** False when `text` surely holds no secret: nothing encoded in it, and none written plain. */
  mayHold(text: string): boolean {
    return text.includes('%') || text.includes('\\u') || this.#any.test(text)
  }

  /** Where the secrets and secret parameter values occur in `text` (`findSecrets`). */
  find(text: string): Range[] {
    return this.mayHold(text) ? findSecrets(text, this.secrets) : []
  }
}

/** `#lists`' key of every secret (no environment id is empty). */
const ALL = ''

export class KnownSecrets {
  readonly #everywhere = new Set<string>()
  readonly #byEnvironment = new Map<string, Set<string>>()
  readonly #all = new Set<string>()
  /** Each environment's list as `listOf` compiled it; dropped when a secret is added. */
  readonly #lists = new Map<string, SecretList>()

  /** Adds a secret of one environment, or of every environment when none is named. */
  add(secret: string, environmentId?: string): void {
    if (secret.length < MIN_SECRET_LENGTH) return
    this.#lists.clear()
    this.#all.add(secret)
    if (environmentId === undefined) {
      this.#everywhere.add(secret)
      return
    }
    const own = this.#byEnvironment.get(environmentId)
    if (own) own.add(secret)
    else this.#byEnvironment.set(environmentId, new Set([secret]))
  }

  clear(): void {
    this.#everywhere.clear()
    this.#byEnvironment.clear()
    this.#all.clear()
    this.#lists.clear()
  }

  /** Every secret of every environment: for outputs that are not one environment's (reports, logs). */
  all(): string[] {
    return [...this.#all]
  }

  /** The same, compiled for searching. */
  allList(): SecretList {
    return this.#compiled(ALL, () => this.all())
  }

  /** Whether `text` is exactly a known secret (a path segment that is a token). */
  isSecret(text: string): boolean {
    return this.#all.has(text)
  }

  /** The secrets a call to `environmentId` may carry. */
  of(environmentId: string): string[] {
    return [...this.#everywhere, ...(this.#byEnvironment.get(environmentId) ?? [])]
  }

  /** The same, compiled for searching (`SecretList`); the same list until a secret is added. */
  listOf(environmentId: string): SecretList {
    return this.#compiled(environmentId, () => this.of(environmentId))
  }

  #compiled(key: string, secrets: () => string[]): SecretList {
    let list = this.#lists.get(key)
    if (!list) {
      list = new SecretList(secrets())
      this.#lists.set(key, list)
    }
    return list
  }
}

/**
 * Where `secrets` and secret parameter values occur in `text`, as ranges of `text` merged and in
 * order. Encoded occurrences are found in the decoded text and mapped back to where they were written.
 */
export function findSecrets(text: string, secrets: Iterable<string>): Range[] {
  const decoded = decodeView(text)
  const plain = decoded.text
  const found: Range[] = []
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue
    // on from the next character, not the match's end: a secret may overlap itself
    for (let at = plain.indexOf(secret); at >= 0; at = plain.indexOf(secret, at + 1)) {
      found.push([at, at + secret.length])
    }
  }
  for (const match of plain.matchAll(SECRET_PARAMETER)) found.push(match.indices![1]!)
  const { map } = decoded
  return merge(map ? found.map(([start, end]) => [map[start]!, map[end]!] as const) : found)
}

/** `text` with every secret `findSecrets` finds replaced by `replacement`. */
export function blankSecrets(text: string, secrets: Iterable<string>, replacement: string): string {
  const ranges = findSecrets(text, secrets)
  if (ranges.length === 0) return text
  let out = ''
  let at = 0
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + replacement
    at = end
  }
  return out + text.slice(at)
}

const ESCAPE = /%[0-9a-f]{2}|\\u[0-9a-f]{4}/gi

/**
 * `text` with `%XX` and `\uXXXX` escapes decoded, and `map[i]` = where decoded character `i`
 * starts in `text` (`map[length]` = `text.length`); no map when nothing was encoded.
 */
function decodeView(text: string): { text: string; map: Int32Array | null } {
  if (!text.includes('%') && !text.includes('\\u')) return { text, map: null }
  const map = new Int32Array(text.length + 1)
  const parts: string[] = []
  let length = 0
  let plainFrom = 0
  const copyPlain = (end: number) => {
    for (let at = plainFrom; at < end; at++) map[length++] = at
    parts.push(text.slice(plainFrom, end))
  }
  for (const match of text.matchAll(ESCAPE)) {
    const escaped = match[0]
    copyPlain(match.index)
    map[length++] = match.index
    parts.push(String.fromCharCode(Number.parseInt(escaped.slice(escaped.length === 3 ? 1 : 2), 16)))
    plainFrom = match.index + escaped.length
  }
  if (plainFrom === 0) return { text, map: null }
  copyPlain(text.length)
  map[length] = text.length
  return { text: parts.join(''), map }
}

function merge(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const out: Array<[number, number]> = []
  for (const [start, end] of sorted) {
    const last = out.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else out.push([start, end])
  }
  return out
}
