/**
 * @module
 * The comparisons a Metadata API filter makes (`FilterOperation`): a roll-up summary's filter
 * items and a list view's filters both take them.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/meta_listview.htm
 */
import * as z from 'zod'

export const FilterOperation = z.enum([
  'equals',
  'notEqual',
  'lessThan',
  'greaterThan',
  'lessOrEqual',
  'greaterOrEqual',
  'contains',
  'notContain',
  'startsWith',
  'includes',
  'excludes',
])
export type FilterOperation = z.infer<typeof FilterOperation>
