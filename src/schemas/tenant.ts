/**
 * @module schemas/tenant
 * Who can call the mock: the organization, its members and its workspace API keys, and the
 * caller limits. These are fixture data, not spec resources: the spec only shows them through
 * `GET /v1/me` ("Me", "Authentication"), and key issuance is "not shown".
 */
import * as z from 'zod'
import { Id } from './common.js'
import { Organization, Permission } from './me.js'

export const MemberRole = z.enum(['owner', 'admin', 'member'])
export type MemberRole = z.infer<typeof MemberRole>

/** A dashboard member and the session token that authenticates them. */
export const Member = z.strictObject({
  id: z.string().min(1),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: MemberRole,
  token: z.string().min(8),
  permissions: z.array(Permission),
})
export type Member = z.infer<typeof Member>

/** A workspace API key: scoped to one workspace, with its own permissions. */
export const ApiKey = z.strictObject({
  id: Id,
  name: z.string().min(1),
  workspaceId: Id,
  token: z.string().min(8),
  permissions: z.array(Permission),
})
export type ApiKey = z.infer<typeof ApiKey>

export const Limits = z.strictObject({
  concurrentEnvironments: z.int().min(0),
  timeLimitMinutes: z.strictObject({
    default: z.int().min(1).max(1440),
    maximum: z.int().min(1).max(1440),
  }),
})
export type Limits = z.infer<typeof Limits>

/** Tenant-wide settings held in the store beside the collections. */
export const Tenancy = z.strictObject({ organization: Organization, limits: Limits })
export type Tenancy = z.infer<typeof Tenancy>
