// Either values and the edge between throwing code and Either code. The constructors are
// fp-ts' own shape, built here: fp-ts' Either module would follow them into a browser bundle.
import type { Either, Left, Right } from "fp-ts/lib/Either.js"
import { EndpointError, isEndpointError } from "../EndpointError.js"
import { kindOf, sliceWhole, UNSHOWABLE } from "./describe.js"

export const left = <E>(left: E): Left<E> => ({ _tag: "Left", left })
export const right = <A>(right: A): Right<A> => ({ _tag: "Right", right })
export const fail = (path: string, problem: string): Left<EndpointError> => left(new EndpointError(path, problem))

/** fp-ts' `flatMap`, data-first. */
export const chain = <E, A, B>(ea: Either<E, A>, f: (a: A) => Either<E, B>): Either<E, B> =>
  ea._tag === "Left" ? ea : f(ea.right)

/** The value, or the error thrown: the edge of the throwing API. */
export const orThrow = <A>(ea: Either<EndpointError, A>): A => {
  if (ea._tag === "Left") throw ea.left
  return ea.right
}

/** `name: message` of a thrown `Error`, bounded, control characters and lone surrogates blanked; `undefined` for anything else. */
export const errorText = (e: unknown): string | undefined => {
  try {
    return e instanceof Error ? sliceWhole(`${e.name}: ${e.message}`, 0, 200).replace(UNSHOWABLE, " ") : undefined
  } catch {
    return undefined
  }
}

/** A thrown value in words, for a message: `name: message` of an `Error`, else its kind. */
export const describeError = (e: unknown): string => errorText(e) ?? kindOf(e)

/**
 * A registered error made again as this copy's own from its path and problem, each read once: it may be another
 * copy's (the CommonJS build's), or have had its text changed since it was made, which the constructor escapes.
 * Code in the process can reach the registry (it is shared through a global symbol) and register any object, a
 * Proxy whose reads throw too: `undefined` for one that does not read as an error, which is then described instead.
 */
const asOwnError = (e: EndpointError): EndpointError | undefined => {
  try {
    const { path, problem, message } = e
    if (typeof path !== "string" || typeof problem !== "string" || typeof message !== "string") return undefined
    return new EndpointError(path, problem)
  } catch {
    return undefined
  }
}

/** What a thrown value becomes: an error of the package stays one, always of this class; anything else (a caller's getter threw) is described. */
export const toEndpointError = (e: unknown, path = ""): EndpointError => {
  const own = isEndpointError(e) ? asOwnError(e) : undefined
  if (own !== undefined) return own
  const text = errorText(e)
  return new EndpointError(path, `reading the input failed${text === undefined ? "" : ` (${text})`}`)
}

/** Runs `f`, which may meet a caller's getter or Proxy trap, with whatever it throws as a `Left`. */
export const attempt = <A>(f: () => Either<EndpointError, A>, path = ""): Either<EndpointError, A> => {
  try {
    return f()
  } catch (e) {
    return left(toEndpointError(e, path))
  }
}

/** fp-ts' `tryCatch` for edge code that throws `EndpointError` itself: anything else it throws becomes one. */
export const tryCatch = <A>(f: () => A): Either<EndpointError, A> => attempt(() => right(f()))

/** Runs edge code; anything it throws leaves as an `EndpointError`. */
export const run = <A>(f: () => A): A => orThrow(tryCatch(f))
