/**
 * @module
 * A list view of an object, as the replica's schema holds it: columns and filters name fields as
 * SOQL does (`Name`, `Owner.Alias`, `Account.Name`), whatever spelling the source used (an SFDX
 * `listView-meta.xml` names them in the old column style, `ACCOUNT.NAME`, `CORE.USERS.ALIAS`,
 * which the loader translates). An object without any gets Salesforce's default views.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/meta_listview.htm
 */
import * as z from 'zod'
import { FilterOperation } from './filter-operation.js'

export const ListViewFilter = z.strictObject({
  /** A field of the object or a parent's field (`Owner.Alias`). */
  field: z.string().min(1),
  operation: FilterOperation,
  /** Comma-separated values (any of them matches `equals`); a date literal for date fields (`THIS_WEEK`). */
  value: z.string().default(''),
})
export type ListViewFilter = z.infer<typeof ListViewFilter>

export const ListViewDef = z.strictObject({
  /** API name (`AllAccounts`). */
  developerName: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  label: z.string().min(1),
  /** Shown columns, in order; none: the object's name field. */
  columns: z.array(z.string().min(1)).default([]),
  filters: z.array(ListViewFilter).default([]),
  /** How the filters combine (`1 AND (2 OR 3)`); none: all of them. */
  booleanFilter: z.string().optional(),
  /**
   * Which records: `everything`, the caller's own (`mine`, by OwnerId), or the recently viewed
   * ones (`mru`, by LastViewedDate, newest first).
   */
  scope: z.enum(['everything', 'mine', 'mru']).default('everything'),
})
export type ListViewDef = z.infer<typeof ListViewDef>
export type ListViewDefInput = z.input<typeof ListViewDef>
