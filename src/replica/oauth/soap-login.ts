/**
 * @module
 * The SOAP partner API's `login` and `logout` at `/services/Soap/u/{version}` (jsforce's default
 * `conn.login(username, password)` and its `logout()`): the documented envelopes in and out, and
 * the faults. Only these two calls are served; any other SOAP call is a FEATURE_NOT_ENABLED fault.
 * Requests are read by soap-request.ts, loaded on the first SOAP body (it brings the XML parser).
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

/** The content type of every SOAP answer, results and faults alike. */
export const SOAP_CONTENT_TYPE = 'text/xml; charset=utf-8'

export const INVALID_LOGIN = 'Invalid username, password, security token; or user locked out.'

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
