/**
 * @module schemas/workspace
 * @see docs/management-api.md (the OpenAPI document lists every field)
 */
import * as z from 'zod'
import { Id, listOf, PageQuery, Principal, Timestamp } from './common.js'

export const Workspace = z.strictObject({
  id: Id,
  name: z.string(),
  createdBy: Principal,
  createdAt: Timestamp,
  archivedAt: Timestamp.nullable(),
})
export type Workspace = z.infer<typeof Workspace>

export const WorkspaceList = listOf(Workspace)
export type WorkspaceList = z.infer<typeof WorkspaceList>

/** Query of `GET /v1/workspaces`; `archived` stays the string enum of the spec. */
export const ListWorkspacesQuery = z.object({
  ...PageQuery.shape,
  archived: z.enum(['true', 'false']).default('false'),
})
export type ListWorkspacesQuery = z.infer<typeof ListWorkspacesQuery>
