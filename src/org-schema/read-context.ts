/**
 * @module
 * What every reader of one load shares: the global value sets read so far (a picklist may use a
 * set of an earlier source), CumulusCI's namespace tokens, and the progress the load reports.
 */
import type { PicklistValue } from '../schemas/crm-schema.js'
import type { SchemaLoadProgress } from '../schemas/schema-load-report.js'
import { type NamespaceTokens, namespaceTokens } from './namespace-tokens.js'

export interface ReadContext {
  globalValueSets: Map<string, PicklistValue[]>
  namespace: NamespaceTokens
  progress: LoadProgress
}

export interface LoadProgress {
  /** One more of `total` objects of `source` done in `phase`. */
  step(phase: SchemaLoadProgress['phase'], source: string, done: number, total: number): void
  /** Milliseconds since the load began. */
  elapsedMs(): number
}

export function createReadContext(
  namespace: string | undefined,
  onProgress: ((progress: SchemaLoadProgress) => void) | undefined,
): ReadContext {
  const started = performance.now()
  const elapsedMs = () => performance.now() - started
  return {
    globalValueSets: new Map(),
    namespace: namespaceTokens(namespace),
    progress: {
      step: (phase, source, done, total) =>
        onProgress?.({ phase, source, done, total, elapsedMs: elapsedMs() }),
      elapsedMs,
    },
  }
}
