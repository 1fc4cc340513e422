/**
 * @module
 * Queued `gateway.latency` and `gateway.error` faults (docs/in-process.md#seeding-inspecting-and-faults): a latency fault delays
 * the call, an error fault answers it in the app's stead. Each applies to the calls of its
 * environment and app (any, when not set) and is used once.
 */
import type { ManagementContext } from '../management/context.js'
import type { CallOutcome } from './call-outcome.js'
import { refusedOutcome } from './call-outcome.js'
import { GatewayRefusal, type RefusedCallTarget } from './gateway-refusal.js'
import type { ReceivedCall } from './received-call.js'

/** Waits out a latency fault; answers for the app when an error fault applies, else undefined. */
export async function injectFaults(
  ctx: ManagementContext,
  call: ReceivedCall,
  where: RefusedCallTarget,
): Promise<CallOutcome | undefined> {
  const latency = ctx.faults.take('gateway.latency', (fault) => faultMatches(fault, where))
  if (latency) {
    await new Promise((resolve) => setTimeout(resolve, latency.latencyMs))
    call.injectedMs = latency.latencyMs
  }
  const failure = ctx.faults.take('gateway.error', (fault) => faultMatches(fault, where))
  if (!failure) return undefined
  const message = failure.message ?? `The app "${where.app}" failed (injected fault)`
  return refusedOutcome(new GatewayRefusal('upstream_error', message, where), failure.status)
}

/** A gateway fault applies to calls of its environment and app (each: any when not set). */
function faultMatches(
  fault: { environmentId?: string | undefined; app?: string | undefined },
  target: RefusedCallTarget,
): boolean {
  return (
    (fault.environmentId === undefined || fault.environmentId === target.environmentId) &&
    (fault.app === undefined || fault.app === target.app)
  )
}
