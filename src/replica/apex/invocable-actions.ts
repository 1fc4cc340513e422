/**
 * @module
 * Invocable Apex actions over REST: the list and describe shapes (`/actions/custom/apex[/{name}]`)
 * and one invocation (`POST` with `{ "inputs": [...] }`): the action runs once for every input,
 * in the call's transaction, and answers one result per input (`actionName`, `isSuccess`,
 * `outputValues`, `errors`). A throw fails every invocation (`isSuccess: false`, the Apex
 * exception in `errors`) and rolls back its writes; the answer is then 400.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_action.meta/api_action/actions_obj_apex.htm
 */
import type { CrmData } from '../crm-data.js'
import { ReplicaError } from '../errors.js'
import type { MetadataView } from '../metadata/metadata-service.js'
import { apexErrorMessage } from './apex-exceptions.js'
import { openApexSession } from './apex-session.js'
import type { InvocableParameter } from './apex-types.js'
import type { RegisteredAction } from './org-code.js'
import { type RunApexOptions, runApex } from './run-apex.js'

export interface InvocationResult {
  actionName: string
  errors: Array<{ statusCode: string; message: string; fields: string[] }> | null
  isSuccess: boolean
  outputValues: Record<string, unknown> | null
}

/** `GET /actions/custom/apex`. */
export function listApexActions(actions: readonly RegisteredAction[]) {
  return {
    actions: actions.map(({ name, definition }) => ({ label: definition.label ?? name, name, type: 'APEX' })),
  }
}

/** `GET /actions/custom/apex/{name}`. */
export function describeApexAction({ name, definition }: RegisteredAction) {
  return {
    description: definition.description ?? null,
    inputs: (definition.inputs ?? []).map((input) => ({
      ...parameterOf(input),
      required: input.required ?? false,
    })),
    label: definition.label ?? name,
    name,
    outputs: (definition.outputs ?? []).map(parameterOf),
    standard: false,
    targetEntityName: null,
    type: 'APEX',
  }
}

function parameterOf(parameter: InvocableParameter) {
  return {
    byteLength: 0,
    description: parameter.description ?? null,
    label: parameter.label ?? parameter.name,
    maxOccurs: 1,
    name: parameter.name,
    picklistValues: null,
    sobjectType: null,
    type: parameter.type ?? 'STRING',
  }
}

/** Reads `{ "inputs": [ {...}, ... ] }` against the action's declared inputs; a bad body is INVALID_INPUT. */
export function readInvocation(action: RegisteredAction, body: unknown): Array<Record<string, unknown>> {
  const keys =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : undefined
  const inputs = (body as { inputs?: unknown } | null)?.inputs
  if (!keys || !Array.isArray(inputs) || keys.some((key) => key !== 'inputs')) {
    throw new ReplicaError(
      'INVALID_INPUT',
      'The request body must be a JSON object with one key, "inputs": a list of input maps',
    )
  }
  const declared = action.definition.inputs
  return inputs.map((input, at) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ReplicaError('INVALID_INPUT', `inputs[${at}] must be a JSON object of input values`)
    }
    if (declared === undefined) return input as Record<string, unknown>
    const unknown = Object.keys(input).find((key) => !declared.some((parameter) => parameter.name === key))
    if (unknown !== undefined) {
      throw new ReplicaError(
        'INVALID_INPUT',
        `inputs[${at}]: "${unknown}" is not an input of action ${action.name}`,
      )
    }
    const missing = declared.filter(
      (parameter) =>
        parameter.required && ((input as Record<string, unknown>)[parameter.name] ?? null) === null,
    )
    if (missing.length > 0) {
      throw new ReplicaError(
        'REQUIRED_FIELD_MISSING',
        `inputs[${at}]: missing required input parameter: ${missing.map((parameter) => parameter.name).join(', ')}`,
        missing.map((parameter) => parameter.name),
      )
    }
    return input as Record<string, unknown>
  })
}

export interface InvocationCall {
  app: CrmData
  environmentId: string
  view: MetadataView
  action: RegisteredAction
  inputs: ReadonlyArray<Record<string, unknown>>
}

/** Runs the action over every input; `ok` is false when it failed (every result then says why). */
export async function invokeAction(
  call: InvocationCall,
  options: RunApexOptions,
): Promise<{ ok: boolean; results: InvocationResult[] }> {
  const { action, inputs } = call
  const session = openApexSession(call.app, call.environmentId, call.view)
  try {
    const outputs = await runApex(call.app, session, options, async () => {
      const returned = await action.definition.invoke({ ...session.context, inputs })
      if (!Array.isArray(returned) || returned.length !== inputs.length) {
        throw new ReplicaError(
          'UNKNOWN_EXCEPTION',
          `The number of results does not match the number of interviews that were executed in a single bulk execution request (${inputs.length} inputs, ${Array.isArray(returned) ? returned.length : 'no list of'} results)`,
        )
      }
      // copied through JSON inside the transaction: an output that cannot be is a failure of the call
      return JSON.parse(JSON.stringify(returned.map(outputValuesOf))) as Record<string, unknown>[]
    })
    const results = outputs.map((outputValues) => ({
      actionName: action.name,
      errors: null,
      isSuccess: true,
      outputValues,
    }))
    return { ok: true, results }
  } catch (error) {
    const message = error instanceof ReplicaError ? error.message : apexErrorMessage(error)
    const failure = { statusCode: 'UNKNOWN_EXCEPTION', message, fields: [] }
    const results = inputs.map(() => ({
      actionName: action.name,
      errors: [failure],
      isSuccess: false,
      outputValues: null,
    }))
    return { ok: false, results }
  }
}

/** An output object is its values; anything else is the value of `output`. */
function outputValuesOf(output: unknown): Record<string, unknown> {
  if (typeof output === 'object' && output !== null && !Array.isArray(output))
    return output as Record<string, unknown>
  return { output: output ?? null }
}
