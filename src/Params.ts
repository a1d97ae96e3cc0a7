/**
 * Placeholders of a route or url, read by the compiler from a string literal
 * type. This module has no runtime code: it is types only.
 *
 * What is read, in one left-to-right pass over the literal:
 *
 * - `{…}` expressions of RFC 6570 (level 4): `{name}`, `{+name}`, `{#name}`,
 *   `{.name}`, `{/name}`, `{;name}`, `{?name}`, `{&name}`, with several names
 *   (`{a,b}`), exploded names (`{name*}`) and prefixed names (`{name:3}`).
 * - `:name` at the start of a path segment (right after a `/`, before any `?`
 *   or `#`, not in a leading `scheme:` and `//authority`): a colon, then a
 *   letter or `_`, then letters, digits or `_`. `https://host:8080/x`,
 *   `/search?q=user:x` and `/v1/{name}:cancel` have no `:name` parameter.
 *
 * Which names are required: every name of a `{…}` (simple) or `{+…}`
 * (reserved) expression, several names in one expression included (`{a,b}`
 * requires both, as `{a}{b}` would), and every `:name`. The other forms
 * (`{#…}`, `{.…}`, `{/…}`, `{;…}`, `{?…}`, `{&…}`) are optional: they expand
 * to nothing when the value is missing, and are how a route writes an
 * optional part (`/repos{/owner}`, `/search{?q,page}`).
 *
 * Which values: a name takes a {@link Placeholder} (a string, number, bigint
 * or boolean, a list of them or a record of them), because every RFC 6570
 * form can expand a list or a record; a prefixed name (`{name:3}`) takes a
 * {@link Scalar} only, because a prefix cannot apply to a list or a record.
 * An optional name also takes `null` and `undefined` (an undefined variable).
 *
 * The names `method`, `url`, `baseUrl`, `headers`, `mediaType`, `data` and
 * `request` are options, never parameters: a placeholder with one of these
 * names is always expanded as undefined, so it is never required.
 *
 * A route typed as plain `string` has unknown placeholders: its parameters
 * are `{}`, and any parameters are accepted.
 *
 * @since 0.1.0
 */

// -------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------

/**
 * A value that expands as one string.
 *
 * @example
 * import type { Scalar } from "fp-endpoint"
 *
 * const page: Scalar = 2
 * const sha: Scalar = "a1b2c3"
 *
 * @since 0.1.0
 */
export type Scalar = string | number | bigint | boolean

/**
 * A value for a placeholder: a scalar, a list of scalars or a record of
 * scalars (RFC 6570 lists and associative arrays).
 *
 * @example
 * import type { Placeholder } from "fp-endpoint"
 *
 * const labels: Placeholder = ["bug", "ui"] // "{?labels*}" → "?labels=bug&labels=ui"
 * const keys: Placeholder = { semi: ";", dot: "." }
 *
 * @since 0.1.0
 */
export type Placeholder = Scalar | ReadonlyArray<Scalar> | { readonly [key: string]: Scalar }

/**
 * The names of a template, sorted four ways: required or optional, and
 * whether a prefix (`{name:3}`) limits the value to a scalar.
 *
 * @example
 * import type { Names } from "fp-endpoint"
 *
 * type N = Names<"/repos/{owner}/{repo}{?page,per_page}">
 * // { required: "owner" | "repo"; optional: "page" | "per_page"; scalar: never }
 *
 * @since 0.1.0
 */
export interface Names<R extends string = string, O extends string = string, S extends string = string> {
  /** Names that must be given: `{name}`, `{+name}`, `:name`. */
  readonly required: R
  /** Names that may be given: every other form. */
  readonly optional: O
  /** Names with a prefix modifier: they take a {@link Scalar} only. */
  readonly scalar: S
}

// -------------------------------------------------------------------------------------
// the scanner
// -------------------------------------------------------------------------------------

/**
 * How many expressions a url, names an expression, or `:name`s a literal run
 * the scanner reads; the rest is not checked (the permissive side). Far
 * below the compiler's limit of 1000 steps for a tail-recursive type.
 */
type Limit = 256

/** Keys that are options, never parameters. */
type ReservedKey = "method" | "url" | "baseUrl" | "headers" | "mediaType" | "data" | "request"

type Lower =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
type Alpha = Lower | Uppercase<Lower>
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"
/** May start a `:name`. */
type NameStart = Alpha | "_"
/** May continue a `:name`. */
type NameChar = NameStart | Digit
/** RFC 3986 scheme characters after the first. */
type SchemeChar = Alpha | Digit | "+" | "-" | "."
/** Operators RFC 6570 reserves for later: a malformed template (an `EndpointError` at run time), read as naming nothing. */
type ReservedOperator = "=" | "," | "!" | "@" | "|"
/** The operators of RFC 6570 whose names are optional. */
type OptionalOperator = "#" | "." | "/" | ";" | "?" | "&"

/**
 * Whether `S` is the rest of a scheme: scheme characters only. One character
 * a step; after 64 characters it answers `true` (the permissive side: a
 * colon in a scheme is never a placeholder), so that no literal can make the
 * recursion deep.
 */
type IsSchemeRest<S extends string, N extends ReadonlyArray<0> = []> = N["length"] extends 64
  ? true
  : S extends `${infer C}${infer R}`
    ? C extends SchemeChar
      ? IsSchemeRest<R, [...N, 0]>
      : false
    : true

/** The text before the first `X`, or all of `S`. */
type Before<S extends string, X extends string> = S extends `${infer A}${X}${string}` ? A : S

/**
 * An authority and what follows: `[authority, rest]`, the authority ending
 * at the first `/`, `?` or `#`. Three template cuts, no recursion.
 */
type AuthorityEnd<S extends string> =
  Before<Before<Before<S, "/">, "?">, "#"> extends infer A extends string
    ? S extends `${A}${infer P}`
      ? [A, P]
      : [S, ""]
    : never

/**
 * Splits a template into its `scheme:` plus `//authority` prefix (where a
 * colon is not a placeholder) and the rest; the prefix is `""` when the
 * template does not start with a scheme.
 */
type SplitAuthority<S extends string> = S extends `${infer F}${infer Scheme}:${infer After}`
  ? F extends Alpha
    ? IsSchemeRest<Scheme> extends true
      ? After extends `//${infer Rest}`
        ? AuthorityEnd<Rest> extends [infer A extends string, infer P extends string]
          ? [`${F}${Scheme}://${A}`, P]
          : never
        : [`${F}${Scheme}:`, After]
      : ["", S]
    : ["", S]
  : ["", S]

/**
 * Reads the rest of a `:name`: `[name, rest of the text]`. One character a
 * step; a name longer than 128 characters is dropped (`[never, rest]`): the
 * permissive side, so that no literal can make the recursion deep.
 */
type TakeName<S extends string, N extends string, L extends ReadonlyArray<0> = []> = L["length"] extends 128
  ? [never, S]
  : S extends `${infer C}${infer R}`
    ? C extends NameChar
      ? TakeName<R, `${N}${C}`, [...L, 0]>
      : [N, S]
    : [N, ""]

/**
 * Every `:name` of a literal run (text outside `{…}`) of the path, added to
 * `Req`: only right after a `/`. Jumps from `/:` to `/:`; stops after
 * {@link Limit} of them.
 */
type Colons<S extends string, Req extends string, L extends ReadonlyArray<0> = []> = L["length"] extends Limit
  ? Req
  : S extends `${string}/:${infer After}`
    ? After extends `${infer C}${infer R}`
      ? C extends NameStart
        ? TakeName<R, C> extends [infer N extends string, infer Rest extends string]
          ? Colons<Rest, Req | N, [...L, 0]>
          : Req
        : Colons<After, Req, [...L, 0]>
      : Req
    : Req

/** Whether a literal run or an expression ends the path: a `?` or `#` in it, or a `?`, `&` or `#` operator. */
type EndsPath<Lit extends string, E extends string = ""> = Lit extends `${string}${"?" | "#"}${string}`
  ? true
  : E extends `${"?" | "&" | "#"}${string}`
    ? true
    : false

/** The `:name`s of a literal run while still in the path (before its `?` or `#`). */
type PathColons<Lit extends string, Req extends string, InPath extends boolean> = InPath extends true
  ? Colons<Before<Before<Lit, "?">, "#">, Req>
  : Req

/** A variable of an expression without its modifier; scalar when prefixed. */
type VarName<V extends string> = V extends `${infer N}:${string}` ? N : V extends `${infer N}*` ? N : V
type PrefixedName<V extends string> = V extends `${infer N}:${string}` ? N : never

/** The names of a comma-separated variable list, and the prefixed ones; at most {@link Limit}. */
type Vars<L extends string, Ns extends string, Ss extends string, C extends ReadonlyArray<0> = []> =
  C["length"] extends Limit
    ? [Ns, Ss]
    : L extends `${infer V},${infer More}`
      ? Vars<More, Ns | VarName<V>, Ss | PrefixedName<V>, [...C, 0]>
      : [Ns | VarName<L>, Ss | PrefixedName<L>]

/** Adds the names of one expression (the text between `{` and `}`) to the names read so far. */
type Expression<E extends string, Req extends string, Opt extends string, Sc extends string> =
  E extends `${infer Op}${infer L}`
    ? Op extends ReservedOperator
      ? [Req, Opt, Sc]
      : Op extends OptionalOperator
        ? Vars<L, never, never> extends [infer N extends string, infer S extends string]
          ? [Req, Opt | N, Sc | S]
          : never
        : Vars<Op extends "+" ? L : E, never, never> extends [infer N extends string, infer S extends string]
          ? [Req | N, Opt, Sc | S]
          : never
    : [Req, Opt, Sc]

/**
 * The scanner: jumps from `{` to `}` with template inference (not one
 * character at a time), reading `:name` in the literal runs between.
 * Accumulators: `Req` required names, `Opt` optional names, `Sc` prefixed names.
 */
type Scan<S extends string, Req extends string, Opt extends string, Sc extends string, C extends ReadonlyArray<0> = [], InPath extends boolean = true> =
  C["length"] extends Limit
    ? [Req, Opt, Sc]
    : S extends `${infer Lit}{${infer E}}${infer Rest}`
      ? Expression<E, PathColons<Lit, Req, InPath>, Opt, Sc> extends [infer R extends string, infer O extends string, infer P extends string]
        ? Scan<Rest, R, O, P, [...C, 0], InPath extends false ? false : EndsPath<Lit, E> extends true ? false : true>
        : never
      : [PathColons<S, Req, InPath>, Opt, Sc]

/**
 * The scanner for a `scheme://authority` prefix, where `:` is never a
 * placeholder. The prefix ends at the first `/`, `?` or `#`, which may be
 * inside an expression (`https://host{/path}`): the unclosed `{…` is handed
 * back, as the fourth element, to be read with the rest.
 */
type ScanPrefix<S extends string, Req extends string, Opt extends string, Sc extends string, C extends ReadonlyArray<0> = []> =
  C["length"] extends Limit
    ? [Req, Opt, Sc, ""]
    : S extends `${string}{${infer E}}${infer Rest}`
      ? Expression<E, Req, Opt, Sc> extends [infer R extends string, infer O extends string, infer P extends string]
        ? ScanPrefix<Rest, R, O, P, [...C, 0]>
        : never
      : [Req, Opt, Sc, S extends `${string}{${infer T}` ? `{${T}` : ""]

type ScanAll<S extends string> = SplitAuthority<S> extends [infer A extends string, infer P extends string]
  ? A extends ""
    ? Scan<P, never, never, never>
    : ScanPrefix<A, never, never, never> extends [
          infer R extends string,
          infer O extends string,
          infer Sc extends string,
          infer L extends string,
        ]
      ? Scan<`${L}${P}`, R, O, Sc>
      : never
  : never

// -------------------------------------------------------------------------------------
// destructors
// -------------------------------------------------------------------------------------

/** The names of one literal (not a union). */
type NamesOfOne<U extends string> =
  ScanAll<U> extends [infer Req extends string, infer Opt extends string, infer Sc extends string]
    ? Names<Exclude<Req, ReservedKey>, Exclude<Opt, Req | ReservedKey>, Exclude<Sc, ReservedKey>>
    : Names<never, never, never>

/** The required names that every member of a union of `Names` shares (an intersection). */
type Common<N extends Names> = (N extends Names<infer R> ? (required: R) => void : never) extends (
  required: infer I extends string,
) => void
  ? I
  : never

/**
 * The names of a union of literals: a name is required when every member
 * requires it, optional when some member names it.
 */
type NamesOfUnion<N extends Names> = [Common<N>] extends [infer R extends string]
  ? Names<R, Exclude<N["required"] | N["optional"], R>, N["scalar"]>
  : never

/**
 * The placeholders of a url template literal, sorted into required, optional
 * and prefixed names. Reserved option names are left out, and a name that
 * is both required and optional is required. A plain `string` gives
 * `Names<never, never, never>`: nothing is known. For a union of literals, a
 * name is required only when every member requires it.
 *
 * @example
 * import type { NamesOf } from "fp-endpoint"
 *
 * type A = NamesOf<"/repos/:owner/{repo}/commits{/sha:7}{?page}">
 * // Names<"owner" | "repo", "sha" | "page", "sha">
 * type B = NamesOf<"https://host:8080/x/{id}"> // Names<"id", never, never>
 * type C = NamesOf<"/a/{x}/{y}" | "/b/{x}"> // Names<"x", "y", never>
 *
 * @since 0.1.0
 */
export type NamesOf<U extends string> = string extends U
  ? Names<never, never, never>
  : NamesOfUnion<U extends string ? NamesOfOne<U> : never>

/**
 * The parameters of names already read, as an object type. Required names
 * that are in `Supplied` (given by defaults) become optional.
 *
 * @example
 * import type { Names, ParamsOfNames } from "fp-endpoint"
 *
 * type P = ParamsOfNames<Names<"id", "page", never>>
 * // { id: Placeholder } & { page?: Placeholder | null | undefined }
 *
 * @since 0.1.0
 */
export type ParamsOfNames<N extends Names, Supplied extends string = never> = {
  [K in Exclude<N["required"], Supplied>]: K extends N["scalar"] ? Scalar : Placeholder
} & {
  [K in N["optional"] | Extract<N["required"], Supplied>]?: (K extends N["scalar"] ? Scalar : Placeholder) | null | undefined
}

/**
 * The parameters of a url template literal, as an object type: required
 * names are required keys, optional names optional keys. Names in
 * `Supplied` (given by defaults) are optional. A plain `string` gives `{}`.
 *
 * @example
 * import type { Params } from "fp-endpoint"
 *
 * type P = Params<"/repos/{owner}/{repo}{?page}">
 * // { owner: Placeholder; repo: Placeholder } & { page?: Placeholder | null | undefined }
 * type Q = Params<"/repos/{owner}/{repo}", "owner">
 * // { repo: Placeholder } & { owner?: Placeholder | null | undefined }
 * const ok: Params<"/repos/{owner}/{repo}"> = { owner: "octokit", repo: "rest.js" }
 *
 * @since 0.1.0
 */
export type Params<U extends string, Supplied extends string = never> = ParamsOfNames<NamesOf<U>, Supplied>

/**
 * The names a url template literal still requires once the `Supplied` names
 * are given: `never` when nothing is missing.
 *
 * @example
 * import type { RequiredNames } from "fp-endpoint"
 *
 * type R = RequiredNames<"/repos/{owner}/{repo}", "owner"> // "repo"
 * type S = RequiredNames<"/search{?q}"> // never
 *
 * @since 0.1.0
 */
export type RequiredNames<U extends string, Supplied extends string = never> = Exclude<NamesOf<U>["required"], Supplied>
