// The type half of the agreement table (see agreement.ts).
import { expectTypeOf, test } from "vitest"
import type { Names, NamesOf } from "../../src/index.js"
import type { TABLE } from "./agreement.js"

type Row = readonly [string, readonly string[], readonly string[], readonly string[]]

/** For each row: its template when the type-level reading differs, else `true`. */
type Check<T extends readonly Row[]> = {
  [K in keyof T]: T[K] extends readonly [infer U extends string, infer R extends readonly string[], infer O extends readonly string[], infer P extends readonly string[]]
    ? [NamesOf<U>] extends [Names<R[number], O[number], P[number]>]
      ? [Names<R[number], O[number], P[number]>] extends [NamesOf<U>]
        ? true
        : U
      : U
    : never
}

test("the types read templates as the runtime does", () => {
  // a failure names the templates read differently
  expectTypeOf<Check<typeof TABLE>[number]>().toEqualTypeOf<true>()
})
