// Types for the properties exported by scripts/fuzz.mjs (used by test/properties/hostile.property.test.ts).
import type fc from "fast-check"
import type { IProperty } from "fast-check"

export interface HostileProperty {
  readonly name: string
  readonly property: IProperty<any>
}

export declare const hostileProperties: (deps: {
  readonly fc: typeof fc
  readonly lib: unknown
  readonly FOREIGN: string
}) => Array<HostileProperty>

export declare const deepFreeze: <A>(value: A) => A
export declare const isDeepFrozen: (value: unknown) => boolean
