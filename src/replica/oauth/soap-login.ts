/**
 * @module
 * The SOAP partner API's `login` and `logout` at `/services/Soap/u/{version}` (jsforce's default
 * `conn.login(username, password)` and its `logout()`): the documented envelopes in and out, and
 * the faults. Only these two calls are served; any other SOAP call is a FEATURE_NOT_ENABLED fault.
 * @note A request is read with fast-xml-parser (namespace prefixes dropped, no attributes, values
 * kept as text, at most 32 levels, no entity of a DTD expanded); anything that is not the
 * documented envelope is refused with a fault, never guessed at.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_login.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_logout.htm
 */
import { XMLParser } from 'fast-xml-parser'
import type { SObjectRecord } from '../records/record-store.js'

/** A SOAP fault: `sf:{code}` with its `faultstring`. */
export class SoapFault extends Error {
  override name = 'SoapFault'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The content type of every SOAP answer, results and faults alike. */
export const SOAP_CONTENT_TYPE = 'text/xml; charset=utf-8'

export const INVALID_LOGIN = 'Invalid username, password, security token; or user locked out.'

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

export interface LoginResult {
  origin: string
  version: string
  organizationId: string
  organizationName: string
  sessionId: string
  user: SObjectRecord
}

/** The `loginResponse` envelope (`LoginResult` with its `userInfo`). */
export function loginResponseXml(result: LoginResult): string {
  const { origin, version, organizationId: org, user } = result
  const text = (field: string) => escapeXml(String(user[field] ?? ''))
  const userInfo =
    '<accessibilityMode>false</accessibilityMode><chatterExternal>false</chatterExternal>' +
    '<currencySymbol>$</currencySymbol><orgAttachmentFileSizeLimit>5242880</orgAttachmentFileSizeLimit>' +
    '<orgDefaultCurrencyIsoCode>USD</orgDefaultCurrencyIsoCode><orgDefaultCurrencyLocale>en_US</orgDefaultCurrencyLocale>' +
    '<orgDisallowHtmlAttachments>false</orgDisallowHtmlAttachments><orgHasPersonAccounts>false</orgHasPersonAccounts>' +
    `<organizationId>${org}</organizationId><organizationMultiCurrency>false</organizationMultiCurrency>` +
    `<organizationName>${escapeXml(result.organizationName)}</organizationName>` +
    '<profileId xsi:nil="true"/><roleId xsi:nil="true"/><sessionSecondsValid>7200</sessionSecondsValid>' +
    '<userDefaultCurrencyIsoCode xsi:nil="true"/>' +
    `<userEmail>${text('Email')}</userEmail><userFullName>${text('Name')}</userFullName>` +
    `<userId>${user.Id}</userId><userLanguage>en_US</userLanguage><userLocale>en_US</userLocale>` +
    `<userName>${text('Username')}</userName><userTimeZone>GMT</userTimeZone><userType>Standard</userType>` +
    '<userUiSkin>Theme3</userUiSkin>'
  const loginResult =
    `<metadataServerUrl>${origin}/services/Soap/m/${version}/${org}</metadataServerUrl>` +
    '<passwordExpired>false</passwordExpired><sandbox>false</sandbox>' +
    `<serverUrl>${origin}/services/Soap/u/${version}/${org}</serverUrl>` +
    `<sessionId>${escapeXml(result.sessionId)}</sessionId><userId>${user.Id}</userId>` +
    `<userInfo>${userInfo}</userInfo>`
  return envelope(`<loginResponse><result>${loginResult}</result></loginResponse>`)
}

export function logoutResponseXml(): string {
  return envelope('<logoutResponse/>')
}

/** A fault envelope (sent with HTTP 500). */
export function faultXml(fault: SoapFault): string {
  const message = escapeXml(fault.message)
  const detail =
    fault.code === 'INVALID_LOGIN'
      ? `<detail><sf:LoginFault xsi:type="sf:LoginFault"><sf:exceptionCode>INVALID_LOGIN</sf:exceptionCode><sf:exceptionMessage>${escapeXml(INVALID_LOGIN)}</sf:exceptionMessage></sf:LoginFault></detail>`
      : ''
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sf="urn:fault.partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soapenv:Body><soapenv:Fault><faultcode>sf:${fault.code}</faultcode><faultstring>${message}</faultstring>${detail}</soapenv:Fault></soapenv:Body></soapenv:Envelope>`
  )
}

function envelope(body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  )
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => `&${Object.keys(ENTITIES).find((key) => ENTITIES[key] === char)};`,
  )
}
