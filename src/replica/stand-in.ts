/**
 * @module
 * The prototype of a stand-in for a Fetch object: the gateway's forwarded request
 * (`src/gateway/forwarded-request.ts`) and the app's light response (`light-response.ts`), which
 * cross the native-call contract in place of a Request or Response that would cost more to make.
 * `instanceof` holds; what the stand-in answers itself comes from its own getters and methods;
 * every other accessor is read from `readFrom(self)` and every other method called on
 * `callOn(self)` (a real object, which the stand-in builds when first needed).
 */

export interface StandIn<Self> {
  /** Accessors the stand-in answers itself. */
  getters: Readonly<Record<string, (self: Self) => unknown>>
  /** Methods the stand-in answers itself. */
  methods: Readonly<Record<string, (self: Self) => unknown>>
  /** Where the other accessors are read. */
  readFrom(self: Self): object
  /** Where the other methods are called. */
  callOn(self: Self): object
}

/** A prototype over `base` (and the prototypes above it) that answers as `standIn` says. */
export function standInPrototype<Self>(base: object, standIn: StandIn<Self>): object {
  const ownOf = <T>(map: Readonly<Record<string, T>>, key: PropertyKey): T | undefined =>
    typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined
  const properties: PropertyDescriptorMap = {}
  for (let proto = base; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || key in properties) continue
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!
      if (descriptor.get) {
        const answer = ownOf(standIn.getters, key)
        properties[key] = {
          get(this: Self) {
            return answer ? answer(this) : (standIn.readFrom(this) as Record<PropertyKey, unknown>)[key]
          },
        }
      } else if (typeof descriptor.value === 'function') {
        const answer = ownOf(standIn.methods, key)
        properties[key] = {
          value(this: Self, ...args: unknown[]) {
            if (answer) return answer(this)
            const target = standIn.callOn(this) as Record<PropertyKey, (...a: unknown[]) => unknown>
            return target[key]!(...args)
          },
        }
      }
    }
  }
  return Object.create(base, properties)
}
