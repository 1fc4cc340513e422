/**
 * @module
 * CumulusCI's namespace tokens, which projects built with it (NPSP, EDA, Volunteers for
 * Salesforce, ...) keep in metadata so one source deploys with or without their package's
 * namespace: `%%%NAMESPACE%%%Field__c` in file contents, `___NAMESPACE___Object__c.object` in file
 * names. They resolve as CumulusCI's `inject_namespace` resolves them: to nothing (an unmanaged
 * deploy) unless a namespace is given, and then as a managed deploy to a namespaced org. A name of
 * the given namespace is the project's own and loads; one of any other namespace is a managed
 * package's the project does not define, and does not.
 * @see https://github.com/SFDO-Tooling/CumulusCI/blob/main/cumulusci/utils/__init__.py (inject_namespace)
 */
import { NamespacePrefix } from '../schemas/schema-load-report.js'
import { isNamespaced } from './object-names.js'

export interface NamespaceTokens {
  /** The namespace given, or undefined for none. */
  namespace: string | undefined
  /** A file's text with its content tokens resolved. */
  inText(text: string): string
  /** A name taken from a file or folder name with its file-name tokens resolved. */
  inName(name: string): string
  /** True for `ns__Name__c` of a namespace that is not the one given. */
  isForeign(name: string): boolean
}

/** What each token becomes: [token, without a namespace, with namespace `ns`]. */
function contentTokens(ns: string | undefined): Array<[string, string]> {
  return [
    ['%%%NAMESPACE%%%', ns ? `${ns}__` : ''],
    ['%%%NAMESPACE_DOT%%%', ns ? `${ns}.` : ''],
    ['%%%NAMESPACE_OR_C%%%', ns ?? 'c'],
    ['%%%NAMESPACED_ORG%%%', ns ? `${ns}__` : ''],
    ['%%%NAMESPACED_ORG_OR_C%%%', ns ?? 'c'],
  ]
}

function nameTokens(ns: string | undefined): Array<[string, string]> {
  return [
    ['___NAMESPACE___', ns ? `${ns}__` : ''],
    ['___NAMESPACED_ORG___', ns ? `${ns}__` : ''],
  ]
}

export function namespaceTokens(namespace?: string): NamespaceTokens {
  if (namespace !== undefined && !NamespacePrefix.safeParse(namespace).success) {
    throw new TypeError(
      `Failed to load org schema: namespace "${namespace}" is not a namespace prefix (a letter, then letters, digits and single underscores, at most 15 characters)`,
    )
  }
  const content = contentTokens(namespace)
  const names = nameTokens(namespace)
  const own = namespace === undefined ? undefined : `${namespace.toLowerCase()}__`
  return {
    namespace,
    // every content token starts with %%%, file-name tokens with ___: most files hold none
    inText: (text) => (text.includes('%%%') ? replaceAll(text, content) : text),
    inName: (name) => (name.includes('___') ? replaceAll(name, names) : name),
    isForeign: (name) => isNamespaced(name) && (own === undefined || !name.toLowerCase().startsWith(own)),
  }
}

function replaceAll(text: string, tokens: ReadonlyArray<[string, string]>): string {
  let out = text
  for (const [token, value] of tokens) out = out.replaceAll(token, value)
  return out
}
