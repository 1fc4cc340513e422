/**
 * @module
 * Reads a SOAP partner API request envelope (`login`, `logout`, the session header). Loaded on
 * first use (`await import`): it brings fast-xml-parser, which nothing else served needs.
 * @note A request is read with fast-xml-parser (namespace prefixes dropped, no attributes, values
 * kept as text, at most 32 levels, no entity of a DTD expanded); anything that is not the
 * documented envelope is refused with a fault, never guessed at.
 */
import { XMLParser } from 'fast-xml-parser'
import { INVALID_LOGIN, SoapFault } from './soap-login.js'

export type SoapRequest =
  | { operation: 'login'; username: string; password: string }
  | { operation: 'logout'; sessionId: string }

/** A parser per request: its options are all it holds, and two mocks share nothing. */
function soapXmlParser(): XMLParser {
  return new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: true,
    ignoreDeclaration: true,
    parseTagValue: false,
    trimValues: false,
    // numeric character references; an out-of-range one stays as written (and matches no user)
    htmlEntities: true,
    // a DTD may not define entities: any definition fails the parse (SOAP forbids DTDs anyway)
    processEntities: { enabled: true, maxEntitySize: 0 },
    maxNestedTags: 32,
  })
}

type XmlNode = string | XmlElement | XmlNode[]
interface XmlElement {
  [name: string]: XmlNode
}

/** Reads a partner API request envelope. */
export function parseSoapRequest(xml: string): SoapRequest {
  const envelope = elementOf(parseXml(xml), 'Envelope')
  const body = elementOf(envelope, 'Body')
  const operations = body === undefined ? [] : Object.keys(body).filter((name) => name !== '#text')
  const operation = operations[0]
  if (body === undefined || operation === undefined || operations.length > 1) {
    throw new SoapFault(
      'INVALID_OPERATION',
      'Failed to read the request: expected a SOAP envelope with a Body holding one call',
    )
  }
  if (operation === 'login') {
    const call = elementOf(body, 'login')
    const username = textOf(call, 'username')
    const password = textOf(call, 'password')
    if (username === undefined || password === undefined) {
      throw new SoapFault('INVALID_LOGIN', `INVALID_LOGIN: ${INVALID_LOGIN}`)
    }
    return { operation, username: username.trim(), password }
  }
  if (operation === 'logout') {
    const sessionId = textOf(elementOf(elementOf(envelope, 'Header'), 'SessionHeader'), 'sessionId')
    if (sessionId === undefined) {
      throw new SoapFault(
        'INVALID_SESSION_ID',
        'INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session',
      )
    }
    return { operation, sessionId: sessionId.trim() }
  }
  throw new SoapFault(
    'FEATURE_NOT_ENABLED',
    `FEATURE_NOT_ENABLED: the SOAP API call "${operation}" is not supported by the replica (only login and logout)`,
  )
}

/** The session id of a SOAP envelope's `SessionHeader`, whatever its call; undefined when it has none or is not SOAP. */
export function soapSessionId(xml: string): string | undefined {
  try {
    const header = elementOf(elementOf(parseXml(xml), 'Envelope'), 'Header')
    return textOf(elementOf(header, 'SessionHeader'), 'sessionId')?.trim() || undefined
  } catch {
    return undefined
  }
}

function parseXml(xml: string): XmlElement {
  try {
    return soapXmlParser().parse(xml) as XmlElement
  } catch (error) {
    throw new SoapFault('INVALID_OPERATION', `Failed to read the request: ${(error as Error).message}`)
  }
}

/** The one child element `name` of `parent` (an empty element counts), or undefined. */
function elementOf(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  const child = parent === undefined || !Object.hasOwn(parent, name) ? undefined : parent[name]
  if (child === '') return {}
  return typeof child === 'object' && !Array.isArray(child) ? child : undefined
}

/** The text of the one child element `name` of `parent`, or undefined (none, several, or not text). */
function textOf(parent: XmlElement | undefined, name: string): string | undefined {
  const child = parent === undefined || !Object.hasOwn(parent, name) ? undefined : parent[name]
  return typeof child === 'string' ? child : undefined
}
