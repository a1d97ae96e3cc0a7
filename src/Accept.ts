/**
 * The `accept` header as `mediaType.format` and `mediaType.previews` amend it.
 *
 * @since 0.1.0
 */
import type { Either } from "fp-ts/lib/Either.js"
import type { EndpointError } from "./EndpointError.js"
import { fail, right } from "./internal/either.js"
import { byText } from "./internal/memo.js"
import type { MediaType } from "./Options.js"

/**
 * The longest value of one header (16 384 characters), as HTTP servers bound
 * a header line: a longer one is an `EndpointError` naming the header.
 *
 * @example
 * import { Accept } from "fp-endpoint"
 *
 * Accept.MAX_HEADER_LENGTH // 16384
 *
 * @since 0.1.0
 */
export const MAX_HEADER_LENGTH = 16_384

const VENDOR_TYPE = /^([ \t]*application\/vnd\.\w+)(\.v3(?!\w))?(?:\.\w+)?(?:\+json)?([ \t]*)$/

const tooLong = (): Either<EndpointError, never> =>
  fail("headers.accept", `the value built from mediaType would be longer than ${MAX_HEADER_LENGTH} characters`)

/** `format` and `accept` as one text (neither can hold a line break). */
const withFormat = (accept: string, format: string): Either<EndpointError, string> => formatted(`${format}\n${accept}`)

/** Each vendor media type of `accept` with the format in place of its own (`vnd.github.v3.raw`); remembered by both texts. */
const formatted = byText((text: string) => {
  const at = text.indexOf("\n")
  return formatEntries(text.slice(at + 1), text.slice(0, at))
}, (r) => r._tag === "Right")

const formatEntries = (accept: string, format: string): Either<EndpointError, string> => {
  const entries = accept.split(",")
  if (accept.length + entries.length * (format.length + 1) > MAX_HEADER_LENGTH) return tooLong()
  return right(entries.map((e) => e.replace(VENDOR_TYPE, (_, vendor: string, v3 = "", space: string) => `${vendor}${v3}.${format}${space}`)).join(","))
}

/** The preview names an accept value already holds: in each run of word characters and `-`, the text before its last `-preview`. */
const previewsIn = (accept: string): Array<string> =>
  (accept.match(/[\w-]+/g) ?? []).flatMap((run) => (run.lastIndexOf("-preview") > 0 ? [run.slice(0, run.lastIndexOf("-preview"))] : []))

const PREVIEW = /-preview$/

/**
 * The accept header for a media type: the format replaces the vendor media
 * type's own (`application/vnd.github.v3.raw`); previews make the value a
 * list of `application/vnd.github.<name>-preview` types (with the format, or
 * `+json`), the names already in the header first. An accept that asks for
 * `application/octet-stream` is kept as it is.
 *
 * @example
 * import { Accept } from "fp-endpoint"
 *
 * Accept.amend("application/vnd.github.v3+json", { format: "raw", previews: [] }) // right("application/vnd.github.v3.raw")
 * Accept.amend("application/vnd.github.v3+json", { format: undefined, previews: ["symmetra"] })
 * // right("application/vnd.github.symmetra-preview+json")
 *
 * @since 0.1.0
 */
export const amend = (accept: string | undefined, mediaType: MediaType): Either<EndpointError, string | undefined> => {
  const format = mediaType.format ?? ""
  const previews = mediaType.previews
  if ((format === "" && previews.length === 0) || accept?.includes("application/octet-stream")) return right(accept)
  const formatted = format !== "" && accept !== undefined ? withFormat(accept, format) : right(accept)
  if (formatted._tag === "Left" || previews.length === 0) return formatted
  const names = new Set(formatted.right === undefined ? [] : previewsIn(formatted.right))
  for (const p of previews) names.add(p.replace(PREVIEW, ""))
  const suffix = format !== "" ? "." + format : "+json"
  let length = 0
  for (const name of names) length += name.length + "application/vnd.github.-preview,".length + suffix.length
  if (length > MAX_HEADER_LENGTH + 1) return tooLong()
  return right(Array.from(names, (name) => `application/vnd.github.${name}-preview${suffix}`).join(","))
}
