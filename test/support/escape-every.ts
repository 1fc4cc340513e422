/**
 * @module
 * Every character of a text escaped, as a client may send a token: `%74%6f…` (percent) or
 * `\u0074\u006f…` (unicode, as in a JSON string). For tests of redaction, which must find a
 * secret written either way.
 */
export function escapeEvery(text: string, as: 'percent' | 'unicode'): string {
  return [...text]
    .map((char) => {
      const hex = char.charCodeAt(0).toString(16)
      return as === 'percent' ? `%${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`
    })
    .join('')
}
