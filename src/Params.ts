/** The placeholders of a route or url, read by the compiler from a string literal type. Types
 * only: this module has no runtime code.
 * - RFC 6570 expressions, `{name}`, `{+name}`, `{#name}`, `{.name}`, `{/name}`, `{;name}`,
 *   `{?name}`, `{&name}`, with several names (`{a,b}`) and modifiers (`{name*}`, `{name:3}`).
 *   Only `{…}` and `{+…}` require their names: the other forms expand to nothing without a
 *   value, which is how a route writes an optional part (`/repos{/owner}`, `/search{?q}`).
 * - `:name` (required: a letter or `_`, then letters, digits or `_`) right after a `/`, before the
 *   query and the fragment: `https://host:8080/x`,
 *   `/search?q=user:x` and `/v1/{name}:cancel` have none.
 * A name takes a {@link Placeholder}, a prefixed one (`{name:3}`) a {@link Scalar} only, an
 * optional one also `null` or `undefined`. Option names (`url`, `method`, `headers`, …) are
 * never parameters. A route typed as plain `string` accepts any parameters.
 * @since 0.1.0
 */

/** A value that expands as one string.
 * @example
 * import type { Scalar } from "fp-endpoint"
 * const page: Scalar = 2
 * @since 0.1.0
 */
export type Scalar = string | number | bigint | boolean

/** A value for a placeholder: a scalar, a list of scalars or a record of scalars (`null` and `undefined` members are
 * left out, as RFC 6570 has it).
 * @example
 * import type { Placeholder } from "fp-endpoint"
 * const labels: Placeholder = ["bug", "ui"] // "{?labels*}" → "?labels=bug&labels=ui"
 * @since 0.1.0
 */
export type Placeholder =
  | Scalar
  | ReadonlyArray<Scalar | null | undefined>
  | { readonly [key: string]: Scalar | null | undefined }

/** The names of a template: required, optional, and prefixed (these take a {@link Scalar} only).
 * @example
 * import type { Names } from "fp-endpoint"
 * type N = Names<"owner" | "repo", "page", never> // the names of "/repos/{owner}/{repo}{?page}"
 * @since 0.1.0
 */
export interface Names<R extends string = string, O extends string = string, S extends string = string> {
  /** Names that must be given: `{name}`, `{+name}`, `:name`. */
  readonly required: R
  /** Names that may be given: every other form. */
  readonly optional: O
  /** Names with a prefix modifier (`{name:3}`). */
  readonly scalar: S
}

/** The names of a url template literal. For a union of literals, a name is required when every
 * member requires it; a plain `string` gives `Names<never, never, never>`.
 * @example
 * import type { NamesOf } from "fp-endpoint"
 * type A = NamesOf<"/repos/:owner/{repo}/commits{/sha:7}{?page}"> // Names<"owner" | "repo", "sha" | "page", "sha">
 * type B = NamesOf<"https://host:8080/x/{id}"> // Names<"id", never, never>
 * type C = NamesOf<"/a/{x}/{y}" | "/b/{x}"> // Names<"x", "y", never>
 * @since 0.1.0
 */
export type NamesOf<U extends string> = string extends U ? None : NamesOfUnion<U extends string ? NamesOfOne<U> : never>

/** The parameters of names already read; required names in `Supplied` (given by defaults) become optional.
 * @example
 * import type { Names, ParamsOfNames } from "fp-endpoint"
 * type P = ParamsOfNames<Names<"id", "page", never>> // { id: Placeholder } & { page?: Placeholder | null | undefined }
 * @since 0.1.0
 */
export type ParamsOfNames<N extends Names, Supplied extends string = never> = {
  [K in Exclude<N["required"], Supplied>]: K extends N["scalar"] ? Scalar : Placeholder
} & {
  [K in N["optional"] | Extract<N["required"], Supplied>]?:
    | (K extends N["scalar"] ? Scalar : Placeholder)
    | null
    | undefined
}

/** The parameters of a url template literal, as an object type; names in `Supplied` are optional.
 * @example
 * import type { Params } from "fp-endpoint"
 * const ok: Params<"/repos/{owner}/{repo}{?page}"> = { owner: "octokit", repo: "rest.js" }
 * const supplied: Params<"/repos/{owner}/{repo}", "owner"> = { repo: "rest.js" }
 * @since 0.1.0
 */
export type Params<U extends string, Supplied extends string = never> = ParamsOfNames<NamesOf<U>, Supplied>

/** The names a url template literal still requires once the `Supplied` names are given.
 * @example
 * import type { RequiredNames } from "fp-endpoint"
 * type R = RequiredNames<"/repos/{owner}/{repo}", "owner"> // "repo"
 * @since 0.1.0
 */
export type RequiredNames<U extends string, Supplied extends string = never> = Exclude<NamesOf<U>["required"], Supplied>

// reading a template (internal) -------------------------------------------------------------------

type None = Names<never, never, never>
/** `N` with more names. */
type Add<N extends Names, R extends string, O extends string, S extends string> = Names<
  N["required"] | R,
  N["optional"] | O,
  N["scalar"] | S
>

/** A counter for bounded recursion: its length is the number of steps taken. */
type Steps = ReadonlyArray<0>
/** How many expressions, names in one, or `:name`s in a literal run are read; the rest is not checked. */
type Limit = 256 // far below the compiler's limit of 1000 steps for a tail-recursive type

type Chars<S extends string> = S extends `${infer C}${infer Rest}` ? C | Chars<Rest> : never
type Letter = Chars<"abcdefghijklmnopqrstuvwxyz">
type Alpha = Letter | Uppercase<Letter>
type Digit = Chars<"0123456789">
type NameStart = Alpha | "_"
/** Operators RFC 6570 reserves for later: a malformed template (an error at run time), read as naming nothing. */
type ReservedOperator = "=" | "," | "!" | "@" | "|"
/** Operators whose names are optional. */
type OptionalOperator = "#" | "." | "/" | ";" | "?" | "&"
/** Keys that are options, never parameters. */
type ReservedKey = "method" | "url" | "baseUrl" | "headers" | "mediaType" | "data" | "request"

/** The text before the first `X`, or all of `S`. */
type Before<S extends string, X extends string> = S extends `${infer A}${X}${string}` ? A : S

/** A variable without its modifier (`a*` and `a:3` are `a`), and its name when a prefix makes it scalar. */
type VarName<V extends string> = V extends `${infer N}:${string}` ? N : V extends `${infer N}*` ? N : V
type PrefixedName<V extends string> = V extends `${infer N}:${string}` ? N : never
type AddVar<N extends Names, V extends string, Required extends boolean> = Required extends true
  ? Add<N, VarName<V>, never, PrefixedName<V>>
  : Add<N, never, VarName<V>, PrefixedName<V>>

/** Adds the variables of a comma-separated list, at most {@link Limit}. */
type Vars<L extends string, N extends Names, Required extends boolean, C extends Steps = []> = C["length"] extends Limit
  ? N
  : L extends `${infer V},${infer More}`
    ? AddVar<N, V, Required> extends infer Next extends Names
      ? Vars<More, Next, Required, [...C, 0]>
      : never // inferred first, as in Scan
    : AddVar<N, L, Required>

/** Adds the names of one expression, the text between `{` and `}`. */
type Expression<E extends string, N extends Names> = E extends `${infer Op}${infer L}`
  ? Op extends ReservedOperator
    ? N
    : Op extends OptionalOperator
      ? Vars<L, N, false>
      : Vars<Op extends "+" ? L : E, N, true>
  : N

/** The rest of a `:name` (at most 128 characters; a longer name is dropped): `[name, text after it]`. */
type TakeName<S extends string, Name extends string, C extends Steps = []> = C["length"] extends 128
  ? [never, S]
  : S extends `${infer Char extends NameStart | Digit}${infer Rest}`
    ? TakeName<Rest, `${Name}${Char}`, [...C, 0]>
    : [Name, S]

/**
 * The `:name`s right after a `/` in a literal run of the path, at most {@link Limit}, as a union of
 * names: accumulated in a `Names` instead, they make the compiler give up ("excessively deep") within 50.
 */
type Colons<S extends string, Found extends string = never, C extends Steps = []> = C["length"] extends Limit
  ? Found
  : S extends `${string}/:${infer First}${infer After}`
    ? First extends NameStart
      ? TakeName<After, First> extends [infer Name extends string, infer Rest extends string]
        ? Colons<Rest, Found | Name, [...C, 0]>
        : Found
      : Colons<`${First}${After}`, Found, [...C, 0]>
    : Found

/** Adds the `:name`s of a literal run while in the path, up to the run's `?` or `#`. */
type PathColons<Lit extends string, N extends Names, InPath extends boolean> = InPath extends true
  ? Add<N, Colons<Before<Before<Lit, "?">, "#">>, never, never>
  : N

/** Whether the path goes on after a literal run and an expression: not past a `?` or `#`, nor a `?`, `&` or `#`
 * operator. */
type PathGoesOn<Lit extends string, E extends string> = Lit extends `${string}${"?" | "#"}${string}`
  ? false
  : E extends `${"?" | "&" | "#"}${string}`
    ? false
    : true

/**
 * Reads the names of a template after its scheme and authority: jumps from `{` to `}`, reading
 * the `:name`s of the path between. Each step's names are inferred before the recursive call:
 * passed as an argument instead, they make the compiler give up ("excessively deep") within 50 expressions.
 */
type Scan<
  S extends string,
  N extends Names = None,
  InPath extends boolean = true,
  C extends Steps = [],
> = C["length"] extends Limit
  ? N
  : S extends `${infer Lit}{${infer E}}${infer Rest}`
    ? Expression<E, PathColons<Lit, N, InPath>> extends infer Next extends Names
      ? Scan<Rest, Next, InPath extends true ? PathGoesOn<Lit, E> : false, [...C, 0]>
      : never
    : PathColons<S, N, InPath>

/** The names of one literal (not a union), the option names left out; a name both required and optional is required. */
type NamesOfOne<S extends string> =
  Scan<S> extends infer N extends Names
    ? Names<
        Exclude<N["required"], ReservedKey>,
        Exclude<N["optional"], N["required"] | ReservedKey>,
        Exclude<N["scalar"], ReservedKey>
      >
    : never

/** The names of a union: required when every member requires them (an intersection, inferred in a contravariant
 * position). */
type NamesOfUnion<N extends Names> = (N extends Names<infer R> ? (required: R) => void : never) extends (
  required: infer R extends string,
) => void
  ? Names<R, Exclude<N["required"] | N["optional"], R>, N["scalar"]>
  : never
