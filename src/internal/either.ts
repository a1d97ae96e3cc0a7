// Either values built locally: importing fp-ts' Either constructors would bring
// the whole module into a browser bundle. They are fp-ts' own shape.
import type { Either, Left, Right } from "fp-ts/lib/Either.js"
import { EndpointError, isEndpointError } from "../EndpointError.js"

export const left = <E>(left: E): Left<E> => ({ _tag: "Left", left })
export const right = <A>(right: A): Right<A> => ({ _tag: "Right", right })

/** A failure as an `Either`. */
export const fail = (path: string, problem: string): Left<EndpointError> => left(new EndpointError(path, problem))

/** Chains an `Either` (fp-ts' `flatMap`, without the import). */
export const chain = <E, A, B>(ea: Either<E, A>, f: (a: A) => Either<E, B>): Either<E, B> =>
  ea._tag === "Left" ? ea : f(ea.right)

/** The value, or the error thrown: the edge of the throwing API. */
export const orThrow = <A>(ea: Either<EndpointError, A>): A => {
  if (ea._tag === "Left") throw ea.left
  return ea.right
}

/** What a foreign exception becomes: a genuine error stays, anything else is described. */
export const toEndpointError = (e: unknown, path = ""): EndpointError => {
  if (isEndpointError(e)) return e
  return new EndpointError(path, `reading the input failed${describeThrown(e)}`)
}

const describeThrown = (e: unknown): string => {
  const text = errorText(e)
  return text === undefined ? "" : ` (${text})`
}

/** `name: message` of a thrown `Error`, bounded and without control characters; `undefined` for anything else. */
export const errorText = (e: unknown): string | undefined => {
  try {
    if (!(e instanceof Error)) return undefined
    return `${String(e.name)}: ${String(e.message)}`.slice(0, 200).replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
  } catch {
    return undefined
  }
}

/**
 * Runs `f`, which calls foreign code (a caller's getter, `JSON.stringify`),
 * and turns anything it throws into an `EndpointError` in a `Left`.
 */
export const attemptEither = <A>(f: () => Either<EndpointError, A>, path = ""): Either<EndpointError, A> => {
  try {
    return f()
  } catch (e) {
    return left(toEndpointError(e, path))
  }
}

/** {@link attemptEither} for code at the edges (adapters) that throws `EndpointError` itself. */
export const attempt = <A>(f: () => A): Either<EndpointError, A> => attemptEither(() => right(f()))

/** Runs edge code; anything it throws leaves as an `EndpointError`. */
export const run = <A>(f: () => A): A => orThrow(attempt(f))
