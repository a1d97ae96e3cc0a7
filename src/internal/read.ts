// Reading what callers pass: the one place that catches what their getters and Proxy traps throw,
// and the tests of plain data that such reads need.
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { EndpointError } from "../EndpointError.js"

/**
 * `f()`, which reads caller input (a getter, a Proxy trap) or calls a platform API: whatever it
 * throws becomes an `EndpointError` at the path `at()` names when it threw, with `problem` saying what.
 */
export const attempt = <A>(
  f: () => Either<EndpointError, A>,
  at: () => string,
  problem = (why: string) => `reading the input failed (${why})`,
): Either<EndpointError, A> => {
  try {
    return f()
  } catch (e) {
    return E.left(new EndpointError(at(), problem(thrown(e))))
  }
}

/** `f()`, or `fallback` when it throws. */
export const safely = <A>(f: () => A, fallback: A): A =>
  E.getOrElse(() => fallback)(
    attempt(
      () => E.right(f()),
      () => "",
    ),
  )

/** A thrown value in words: an error's name and message, else its type. Never throws: it may be a hostile Proxy. */
const thrown = (e: unknown): string => {
  try {
    return e instanceof Error ? `${String(e.name)}: ${String(e.message)}`.slice(0, 200) : e === null ? "null" : typeof e
  } catch {
    return "an object that cannot be read"
  }
}

/** Whether `u` is a plain object: made by `{}`, `Object.create(null)` or `JSON.parse`. A Proxy's
 * trap may throw here: caller input is tested inside {@link attempt}. */
export const isPlainObject = (u: unknown): u is Readonly<Record<string, unknown>> => {
  if (typeof u !== "object" || u === null || Array.isArray(u)) return false
  const proto: unknown = Object.getPrototypeOf(u)
  return proto === null || proto === Object.prototype
}

/** Writes an own data property, as a spread would: `__proto__`, or a key a setter on `Object.prototype` has, is
 * a key like any other. */
export const put = (o: Record<string, unknown>, key: string, value: unknown): void => {
  if (key in Object.prototype)
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
  else o[key] = value
}

/**
 * A dense array's members, each read once by index, its `length` read once; `undefined` for a
 * sparse one. Time follows what the array holds, never the length it declares.
 */
export const membersOf = (a: ReadonlyArray<unknown>): Array<unknown> | undefined => {
  const n: unknown = a.length
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) return undefined
  const keys = n > 64 ? Object.keys(a) : undefined // own index keys come first, in order
  if (keys !== undefined && keys[n - 1] !== String(n - 1)) return undefined
  const out: Array<unknown> = []
  for (let i = 0; i < n; i++) {
    if (keys === undefined && !Object.hasOwn(a, i)) return undefined
    out.push(a[i])
  }
  return out
}
