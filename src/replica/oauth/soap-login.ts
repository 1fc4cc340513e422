/**
 * @module
 * The SOAP partner API's `login` and `logout` at `/services/Soap/u/{version}` (jsforce's default
 * `conn.login(username, password)` and its `logout()`): the documented envelopes in and out, and
 * the faults. Only these two calls are served; any other SOAP call is a FEATURE_NOT_ENABLED fault.
 * @note No XML library is among the chosen dependencies: a request is read by its element names
 * (any namespace prefix) the way SOAP clients write it, and values are unescaped; anything else
 * is refused with a fault, never guessed at.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_login.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_logout.htm
 */
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

export const INVALID_LOGIN = 'Invalid username, password, security token; or user locked out.'

export type SoapRequest =
  | { operation: 'login'; username: string; password: string }
  | { operation: 'logout'; sessionId: string }

/** Reads a partner API request envelope. */
export function parseSoapRequest(xml: string): SoapRequest {
  const body = elementText(xml, 'Body')
  const operation = body === undefined ? undefined : /<\s*(?:[\w.-]+:)?([\w.-]+)[\s/>]/.exec(body)?.[1]
  if (body === undefined || operation === undefined) {
    throw new SoapFault(
      'INVALID_OPERATION',
      'Failed to read the request: expected a SOAP envelope with a Body',
    )
  }
  if (operation === 'login') {
    const username = elementText(body, 'username')
    const password = elementText(body, 'password')
    if (username === undefined || password === undefined) {
      throw new SoapFault('INVALID_LOGIN', `INVALID_LOGIN: ${INVALID_LOGIN}`)
    }
    return { operation, username: unescapeXml(username).trim(), password: unescapeXml(password) }
  }
  if (operation === 'logout') {
    const sessionId = elementText(elementText(xml, 'Header') ?? '', 'sessionId')
    if (sessionId === undefined) {
      throw new SoapFault(
        'INVALID_SESSION_ID',
        'INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session',
      )
    }
    return { operation, sessionId: unescapeXml(sessionId).trim() }
  }
  throw new SoapFault(
    'FEATURE_NOT_ENABLED',
    `FEATURE_NOT_ENABLED: the SOAP API call "${operation}" is not supported by the replica (only login and logout)`,
  )
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

/** The content of the first element named `name` (any namespace prefix), or undefined. */
function elementText(xml: string, name: string): string | undefined {
  const open = new RegExp(`<\\s*(?:([\\w.-]+):)?${name}(?:\\s[^>]*)?>`).exec(xml)
  if (!open) return undefined
  const close = `</${open[1] ? `${open[1]}:` : ''}${name}>`
  const end = xml.indexOf(close, open.index + open[0].length)
  return end < 0 ? undefined : xml.slice(open.index + open[0].length, end)
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)))
    return ENTITIES[entity]!
  })
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => `&${Object.keys(ENTITIES).find((key) => ENTITIES[key] === char)};`,
  )
}
