/**
 * @module
 * Reads a SOAP partner API request envelope (`login`, `logout`, the session header). Loaded on
 * first use (`await import`): it brings saxes, which nothing else served needs but an org schema.
 * @note A request is read with the strict XML reader of src/xml/xml-document.ts (namespace
 * prefixes dropped, values kept as sent, at most 32 levels, no entity of a DTD expanded);
 * anything that is not the documented envelope, or not well-formed XML, is refused with a fault,
 * never guessed at.
 */
import { parseXmlDocument, type XmlNode } from '../../xml/xml-document.js'
import { INVALID_LOGIN, SoapFault } from './soap-login.js'

export type SoapRequest =
  | { operation: 'login'; username: string; password: string }
  | { operation: 'logout'; sessionId: string }

/** Reads a partner API request envelope. */
export function parseSoapRequest(xml: string): SoapRequest {
  const envelope = elementOf(parseXml(xml), 'Envelope')
  const body = elementOf(envelope, 'Body')
  const operations = body === undefined ? [] : Object.keys(body)
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

function parseXml(xml: string): XmlNode {
  try {
    return parseXmlDocument(xml, { trim: false })
  } catch (error) {
    throw new SoapFault('INVALID_OPERATION', `Failed to read the request: ${(error as Error).message}`)
  }
}

/** The one child element `name` of `parent` (an empty element counts), or undefined. */
function elementOf(parent: XmlNode | undefined, name: string): XmlNode | undefined {
  const child = parent === undefined || !Object.hasOwn(parent, name) ? undefined : parent[name]
  if (child === '') return {}
  return typeof child === 'object' && !Array.isArray(child) ? child : undefined
}

/** The text of the one child element `name` of `parent`, or undefined (none, several, or not text). */
function textOf(parent: XmlNode | undefined, name: string): string | undefined {
  const child = parent === undefined || !Object.hasOwn(parent, name) ? undefined : parent[name]
  return typeof child === 'string' ? child : undefined
}
