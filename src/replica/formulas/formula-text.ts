/**
 * @module
 * Formula text as Salesforce accepts it, made into text formulon's parser reads (before parsing):
 * `/* comments *\/` are removed, and the polymorphic form `Owner:User.Name` is written
 * `Owner$User.Name`, one identifier formulon reads (compile-formula resolves a `$Type` after a
 * relationship name as the object the reference must point to). Both happen only outside string
 * literals: formulon's strings are `"..."` or `'...'` and hold no escapes, so a scanner that knows
 * the two quotes sees every string exactly as formulon does.
 */

/** Separates a relationship name from the object type it names (`Owner$User`). */
export const TYPE_SEPARATOR = '$'

const NAME_CHAR = /[A-Za-z0-9_]/
const LETTER = /[A-Za-z]/

/** The text formulon parses, or the reason it cannot be made (a comment never closed). */
export function preparseFormula(text: string): { text: string } | { error: string } {
  let out = ''
  let index = 0
  while (index < text.length) {
    const char = text[index]!
    if (char === '"' || char === "'") {
      const end = text.indexOf(char, index + 1)
      // an unterminated string is left to formulon's parser, which names it a syntax error
      const stop = end === -1 ? text.length : end + 1
      out += text.slice(index, stop)
      index = stop
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2)
      if (end === -1) return { error: 'a /* comment is never closed' }
      // a space, so that `a/* */b` stays two tokens
      out += ' '
      index = end + 2
    } else if (char === ':' && NAME_CHAR.test(text[index - 1] ?? '') && LETTER.test(text[index + 1] ?? '')) {
      out += TYPE_SEPARATOR
      index += 1
    } else {
      out += char
      index += 1
    }
  }
  return { text: out }
}
