/**
 * @module
 * Who a token acts as: the identity URL `GET /id/{orgId}/{userId}` (jsforce `conn.identity()`)
 * and the OpenID Connect UserInfo endpoint `GET /services/oauth2/userinfo` (the Salesforce CLI
 * reads `user_id` and `organization_id` after an access-token login), built from the app's User
 * record and organization id. URLs are absolute on the mock's origin; the service
 * URLs hold `{version}` unless a version is asked for, as in Salesforce.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_openid.htm
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm
 */
import { NotFoundError } from '../errors.js'
import { normaliseId } from '../ids.js'
import type { SObjectRecord } from '../records/record-store.js'
import { identityUrl, type LoginContext, organizationIdOf } from './login-context.js'

/** The User record of `userId` in this org, or NOT_FOUND (another org's id, or no such user). */
export function identityUser(login: LoginContext, orgId: string, userId: string): SObjectRecord {
  const user = normaliseId(userId) && login.app.store.get(userId)
  if (normaliseId(orgId) !== organizationIdOf(login) || !user || !String(user.Id).startsWith('005')) {
    throw new NotFoundError(`Failed to find the identity of user "${userId}" in organization "${orgId}"`)
  }
  return user
}

/** The calling actor's User record. */
export function callerUser(login: LoginContext): SObjectRecord {
  const user = login.app.userOf(login.call.actor)
  const found = user && login.app.store.get(user.id)
  if (!found) throw new NotFoundError(`Failed to find the user of actor "${login.call.actor}"`)
  return found
}

/** The identity URL's answer (`format=json`). */
export function identityBody(login: LoginContext, user: SObjectRecord, version: string | undefined) {
  const text = textsOf(user)
  return {
    id: identityUrl(login, text.id),
    asserted_user: login.app.userOf(login.call.actor)?.id === text.id,
    user_id: text.id,
    organization_id: organizationIdOf(login),
    username: text.username,
    nick_name: text.alias,
    display_name: text.name,
    email: text.email,
    email_verified: true,
    first_name: text.firstName,
    last_name: text.lastName,
    timezone: 'GMT',
    photos: photosOf(login, text.id),
    addr_street: null,
    addr_city: null,
    addr_state: null,
    addr_country: null,
    addr_zip: null,
    mobile_phone: null,
    mobile_phone_verified: false,
    is_lightning_login_user: false,
    status: { created_date: null, body: null },
    urls: urlsOf(login, text.id, version),
    active: user.IsActive !== false,
    user_type: 'STANDARD',
    language: 'en_US',
    locale: 'en_US',
    utcOffset: 0,
    last_modified_date: dateText(user.LastModifiedDate),
    is_app_installed: true,
  }
}

/** The UserInfo endpoint's answer (OpenID Connect claims plus Salesforce's). */
export function userInfoBody(login: LoginContext, user: SObjectRecord) {
  const text = textsOf(user)
  const photos = photosOf(login, text.id)
  return {
    sub: identityUrl(login, text.id),
    user_id: text.id,
    organization_id: organizationIdOf(login),
    preferred_username: text.username,
    nickname: text.alias,
    name: text.name,
    email: text.email,
    email_verified: true,
    given_name: text.firstName,
    family_name: text.lastName,
    zoneinfo: 'GMT',
    photos,
    profile: `${login.origin}/${text.id}`,
    picture: photos.picture,
    address: {},
    is_salesforce_integration_user: false,
    urls: urlsOf(login, text.id, undefined),
    active: user.IsActive !== false,
    user_type: 'STANDARD',
    language: 'en_US',
    locale: 'en_US',
    utcOffset: 0,
    updated_at: dateText(user.LastModifiedDate),
    is_app_installed: true,
  }
}

function textsOf(user: SObjectRecord) {
  const text = (field: string) =>
    user[field] === null || user[field] === undefined ? null : String(user[field])
  return {
    id: String(user.Id),
    username: text('Username'),
    alias: text('Alias'),
    name: text('Name'),
    email: text('Email'),
    firstName: text('FirstName'),
    lastName: text('LastName'),
  }
}

function photosOf(login: LoginContext, userId: string) {
  return {
    picture: `${login.origin}/profilephoto/005/F/${userId}`,
    thumbnail: `${login.origin}/profilephoto/005/T/${userId}`,
  }
}

/** The API endpoints of the org; `{version}` stays a placeholder unless `version` is given. */
function urlsOf(login: LoginContext, userId: string, version: string | undefined) {
  const v = version ?? '{version}'
  const org = organizationIdOf(login)
  const base = `${login.origin}/services/data/v${v}`
  return {
    enterprise: `${login.origin}/services/Soap/c/${v}/${org}`,
    metadata: `${login.origin}/services/Soap/m/${v}/${org}`,
    partner: `${login.origin}/services/Soap/u/${v}/${org}`,
    rest: `${base}/`,
    sobjects: `${base}/sobjects/`,
    search: `${base}/search/`,
    query: `${base}/query/`,
    recent: `${base}/recent/`,
    tooling_soap: `${login.origin}/services/Soap/T/${v}/${org}`,
    tooling_rest: `${base}/tooling/`,
    profile: `${login.origin}/${userId}`,
    feeds: `${base}/chatter/feeds`,
    groups: `${base}/chatter/groups`,
    users: `${base}/chatter/users`,
    feed_items: `${base}/chatter/feed-items`,
    feed_elements: `${base}/chatter/feed-elements`,
    custom_domain: login.origin,
  }
}

/** Stored datetimes are ISO strings; Salesforce writes `2026-01-05T09:00:00Z` here. */
function dateText(value: unknown): string | null {
  if (typeof value !== 'string') return null
  return value.replace(/\.\d{3}(Z|\+0000)$/, 'Z').replace(/\+0000$/, 'Z')
}
