/**
 * @module
 * Every secret the mock knows of (app tokens, API keys, member tokens, the admin token), and where
 * one, or the value of a secret parameter (`access_token=`, `"sessionId": "..."`), occurs in a text.
 * Found as written and percent- or `\u`-encoded (a token sent as `%74ok_...` is still a token).
 *
 * @note One pass over the text for all of them: in a long text and up to `ALTERNATION_UP_TO` of
 * them, one regular expression of them all; else a table of each secret's first `KEY_LENGTH`
 * characters, scanned Wu-Manber style (a window of `KEY_LENGTH` characters, its last 3 hashed to
 * how far the window may move before it could end on a key), so a text with no secret in it is
 * read about one position in four (a 4 MiB CSV page: ~50 ms -> ~16 ms). Tokens are added as they
 * are issued and never forgotten (a recorded call may still hold one of a deleted environment).
 */

/** Secrets shorter than this are not hunted for (too many false hits; every real token is longer). */
export const MIN_SECRET_LENGTH = 6
const KEY_LENGTH = MIN_SECRET_LENGTH
const BITS = 1 << 16
/** Characters hashed into a block of the skip table. */
const BLOCK = 3
/** How far a window whose last block is in no key may move. */
const MAX_SHIFT = KEY_LENGTH - BLOCK + 1
/**
 * In a text of at least `ALTERNATION_FROM` characters, up to `ALTERNATION_UP_TO` secrets are looked
 * for with one regular expression of them all (`a|b|c`, longest first), which V8 runs natively.
 * A 4 MiB CSV page with 7-31 secrets: the expression 1.6-4.5 ms, `find` as a whole 3.8-6.1 ms,
 * against 15-23 ms for the scan or an `indexOf` per secret. Past 32 secrets the scan stays: stop 35
 * measured one expression of ~60 or more at 35-94 ms a page (docs/decisions.md, "Stop 35"; other
 * secret shapes stayed near 5 ms in stop 36). Shorter texts take the scan (an expression sets
 * itself up per call).
 */
const ALTERNATION_UP_TO = 32
export const ALTERNATION_FROM = 8 * 1024

/**
 * Names whose value is a secret wherever it appears: a query or form parameter, a JSON key, a
 * header. Salesforce clients send the session as `sessionId`/`sid`; OAuth sends the rest.
 */
const SECRET_PARAMETER =
  /(?:access_token|oauth_token|refresh_token|id_token|client_secret|sessionid|session_id)(?:["']?\s*[:=]\s*["']?)([^\s"'&,;}\]]+)/dgi
/**
 * Each name above holds one of these words, matched with the same flags: a text without any holds
 * no secret parameter (a 4 MiB page: ~2 ms to tell, against ~4-7 ms for the expression above).
 */
const SECRET_PARAMETER_WORD = /token|secret|session/i

export type Range = readonly [start: number, end: number]

/** A text blanked earlier, and what it was blanked against. */
interface Blanked {
  text: string
  presented: readonly string[]
  replacement: string
  /** `KnownSecrets`' version then: any secret added since makes the entry stale. */
  version: number
  result: string
}

/** Texts remembered by `blank`: a client sends the same few paths and queries over and over. */
const BLANKED_KEPT = 8

export class KnownSecrets {
  readonly #byKey = new Map<string, string[]>()
  readonly #prefixes = new Uint8Array(BITS)
  /** Block hash -> how far a window ending on that block may move before it could end on a key. */
  readonly #shift = new Uint8Array(BITS).fill(MAX_SHIFT)
  #size = 0
  /** Every secret, longest first, as one expression (`ALTERNATION_UP_TO`): made on first use after a change. */
  #alternation: RegExp | undefined
  /** Moves with every change of the secrets (`add`, `clear`). */
  #version = 0
  readonly #blanked: Blanked[] = []
  #nextBlanked = 0

  get size(): number {
    return this.#size
  }

  add(secret: string): void {
    if (secret.length < MIN_SECRET_LENGTH || this.#knows(secret)) return
    const key = secret.slice(0, KEY_LENGTH)
    const list = this.#byKey.get(key)
    if (list) list.push(secret)
    else this.#byKey.set(key, [secret])
    this.#prefixes[blockHash(secret, 0)] = 1
    for (let at = 0; at <= KEY_LENGTH - BLOCK; at++) {
      const hash = blockHash(key, at)
      this.#shift[hash] = Math.min(this.#shift[hash]!, KEY_LENGTH - BLOCK - at)
    }
    this.#size++
    this.#version++
    this.#alternation = undefined
  }

  clear(): void {
    this.#byKey.clear()
    this.#prefixes.fill(0)
    this.#shift.fill(MAX_SHIFT)
    this.#size = 0
    this.#version++
    this.#alternation = undefined
  }

  /** Whether `secret` is one of the known ones. */
  #knows(secret: string): boolean {
    return this.#byKey.get(secret.slice(0, KEY_LENGTH))?.includes(secret) ?? false
  }

  /**
   * `text` with every range `find` gives replaced by `replacement`. The last few texts are
   * remembered with their answer: recording a call blanks its path and query, and hunting every
   * secret through them again was most of what recording the same call twice cost.
   */
  blank(text: string, presented: readonly string[], replacement: string): string {
    if (text === '') return text
    for (const entry of this.#blanked) {
      if (
        entry.text === text &&
        entry.version === this.#version &&
        entry.replacement === replacement &&
        sameList(entry.presented, presented)
      ) {
        return entry.result
      }
    }
    const result = replaceRanges(text, this.find(text, presented), replacement)
    this.#blanked[this.#nextBlanked] = { text, presented, replacement, version: this.#version, result }
    this.#nextBlanked = (this.#nextBlanked + 1) % BLANKED_KEPT
    return result
  }

  /**
   * Where secrets occur in `text` (known ones, `presented` ones, secret parameter values), as
   * ranges of `text` merged and in order; encoded occurrences are found through the decoded text.
   */
  find(text: string, presented: readonly string[] = []): Range[] {
    const view = decodeView(text)
    const found = this.#findPlain(view.text, presented)
    if (!view.map) return merge(found)
    const map = view.map
    return merge(found.map(([start, end]) => [map[start]!, map[end]!] as const))
  }

  #findPlain(text: string, presented: readonly string[]): Range[] {
    const out: Array<readonly [number, number]> = []
    if (this.#size > 0 && this.#size <= ALTERNATION_UP_TO && text.length >= ALTERNATION_FROM) {
      this.#alternation ??= alternationOf([...this.#byKey.values()].flat())
      const pattern = this.#alternation
      pattern.lastIndex = 0
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        out.push([match.index, match.index + match[0].length])
        // on from the next character, not the match's end: another secret may start inside this one
        pattern.lastIndex = match.index + 1
      }
    } else if (this.#size > 0) {
      const last = text.length - KEY_LENGTH
      const shift = this.#shift
      const prefixes = this.#prefixes
      let i = 0
      while (i <= last) {
        // the window [i, i + KEY_LENGTH) is judged by its last block
        const skip = shift[blockHash(text, i + KEY_LENGTH - BLOCK)]!
        if (skip > 0) {
          i += skip
          continue
        }
        if (prefixes[blockHash(text, i)] !== 0) {
          const candidates = this.#byKey.get(text.slice(i, i + KEY_LENGTH))
          if (candidates) {
            for (const secret of candidates) {
              if (text.startsWith(secret, i)) out.push([i, i + secret.length])
            }
          }
        }
        i++
      }
    }
    // a presented token is nearly always a known one, found above
    for (const secret of presented) {
      if (secret.length >= MIN_SECRET_LENGTH && !this.#knows(secret)) occurrences(text, secret, out)
    }
    if (SECRET_PARAMETER_WORD.test(text)) {
      for (const match of text.matchAll(SECRET_PARAMETER)) {
        const [start, end] = match.indices![1]!
        out.push([start, end])
      }
    }
    return out
  }
}

/**
 * `a|b|c` of `secrets` taken literally, longest first: where several start at one place the
 * expression takes the first that matches, so the longest covers the others.
 */
function alternationOf(secrets: readonly string[]): RegExp {
  const literal = (secret: string) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const longestFirst = [...secrets].sort((a, b) => b.length - a.length)
  return new RegExp(longestFirst.map(literal).join('|'), 'g')
}

/** Every place `secret` occurs in `text`, added to `out`. */
function occurrences(text: string, secret: string, out: Array<readonly [number, number]>): void {
  for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1))
    out.push([at, at + secret.length])
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Hash of the `BLOCK` (3) characters of `text` from `at`, below `BITS`. */
function blockHash(text: string, at: number): number {
  return (
    ((text.charCodeAt(at) * 961 + text.charCodeAt(at + 1) * 31 + text.charCodeAt(at + 2)) >>> 0) & (BITS - 1)
  )
}

/**
 * `text` with `%XX` and `\uXXXX` escapes decoded, and `map[i]` = where decoded character `i`
 * starts in `text` (`map[length]` = `text.length`); no map when nothing was encoded.
 * @note Plain runs are copied as slices and joined once: appending a 4 MiB body one character at
 * a time held the event loop for over a second, mostly in the garbage collector (issue 15 fuzz).
 */
function decodeView(text: string): { text: string; map: Int32Array | null } {
  if (!text.includes('%') && !text.includes('\\u')) return { text, map: null }
  const map = new Int32Array(text.length + 1)
  const parts: string[] = []
  let length = 0
  let run = 0
  let i = 0
  while (i < text.length) {
    const width = escapeWidth(text, i)
    map[length++] = i
    if (width === 0) {
      i++
      continue
    }
    if (run < i) parts.push(text.slice(run, i))
    parts.push(
      String.fromCharCode(Number.parseInt(text.slice(i + width - (width === 3 ? 2 : 4), i + width), 16)),
    )
    i += width
    run = i
  }
  if (run < text.length) parts.push(text.slice(run))
  map[length] = text.length
  return { text: parts.join(''), map }
}

/** 3 for a `%XX` escape at `at`, 6 for `\uXXXX`, else 0. */
function escapeWidth(text: string, at: number): number {
  const c = text.charCodeAt(at)
  if (c === 0x25 && isHex(text, at + 1, 2)) return 3
  if (c === 0x5c && text.charCodeAt(at + 1) === 0x75 && isHex(text, at + 2, 4)) return 6
  return 0
}

function isHex(text: string, at: number, length: number): boolean {
  if (at + length > text.length) return false
  for (let i = at; i < at + length; i++) {
    const c = text.charCodeAt(i) | 0x20
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false
  }
  return true
}

function merge(ranges: Range[]): Range[] {
  if (ranges.length < 2) return ranges
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const out: Array<[number, number]> = [[sorted[0]![0], sorted[0]![1]]]
  for (const [start, end] of sorted.slice(1)) {
    const last = out[out.length - 1]!
    if (start <= last[1]) last[1] = Math.max(last[1], end)
    else out.push([start, end])
  }
  return out
}

/** `text` with every range replaced by `replacement`. */
export function replaceRanges(text: string, ranges: readonly Range[], replacement: string): string {
  if (ranges.length === 0) return text
  let out = ''
  let at = 0
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + replacement
    at = end
  }
  return out + text.slice(at)
}
