/**
 * @module schemas/me
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { Principal } from './common.js'

export const Permission = z.enum([
  'environments:read',
  'environments:write',
  'environments:connect',
  'snapshots:read',
  'snapshots:write',
  'workspaces:write',
  'api_keys:read',
  'api_keys:write',
  'members:read',
  'members:write',
])
export type Permission = z.infer<typeof Permission>

export const Organization = z.strictObject({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
})
export type Organization = z.infer<typeof Organization>

/** The caller's role in its current organization. */
export const OrganizationRole = z.enum(['owner', 'admin', 'member'])
export type OrganizationRole = z.infer<typeof OrganizationRole>

/** `Me.organization`: the current organization plus the caller's role. */
export const MeOrganization = Organization.extend({
  role: OrganizationRole.nullable(),
})
export type MeOrganization = z.infer<typeof MeOrganization>

/** An item of `Me.organizations`: the spec types this `role` as any string or null. */
export const MeOrganizationsItem = Organization.extend({
  role: z.string().nullable(),
})
export type MeOrganizationsItem = z.infer<typeof MeOrganizationsItem>

export const MeUser = z.strictObject({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
})
export type MeUser = z.infer<typeof MeUser>

export const MeLimits = z.strictObject({
  concurrentEnvironments: z.int(),
  timeLimitMinutes: z.strictObject({
    default: z.int(),
    maximum: z.int(),
  }),
})
export type MeLimits = z.infer<typeof MeLimits>

export const Me = z.strictObject({
  principal: Principal,
  user: MeUser.nullable(),
  organization: MeOrganization.nullable(),
  organizations: z.array(MeOrganizationsItem),
  workspaceId: z.string().nullable(),
  permissions: z.array(Permission),
  limits: MeLimits.nullable(),
})
export type Me = z.infer<typeof Me>
