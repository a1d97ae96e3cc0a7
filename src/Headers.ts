// The result's headers: `null` ones removed, the accept header amended by the media type, and the
// JSON content type for a body that is neither a form nor binary and names no type of its own.
import * as E from "#fp-ts/Either.js"
import type { Either } from "fp-ts/lib/Either.js"
import { MAX_HEADER_LENGTH, previewsIn, type Headers, type MediaType } from "./Codec.js"
import { EndpointError } from "./EndpointError.js"
import { isPlainObject, safely } from "./internal/read.js"

/** A vendor media type, `application/vnd.github[.v3][.raw][+json]`, in any case (RFC 9110 §8.3.1). */
const VENDOR = /^([ \t]*application\/vnd\.\w+)(\.v3(?!\w))?(?:\.\w+)?(?:\+json)?([ \t]*)$/i
const OCTET_STREAM = /application\/octet-stream/i
const JSON_TYPE = "application/json; charset=utf-8"

const tooLong = (): Either<EndpointError, never> =>
  E.left(
    new EndpointError(
      "headers.accept",
      `the value built from mediaType would be longer than ${MAX_HEADER_LENGTH} characters`,
    ),
  )

/** `values` joined by `,`, unless the header would be too long: counted before it is built. */
const joined = (values: ReadonlyArray<string>): Either<EndpointError, string> => {
  let length = -1
  for (const v of values) if ((length += v.length + 1) > MAX_HEADER_LENGTH) return tooLong()
  return E.right(values.join(","))
}

/**
 * The accept value for a media type: the format takes the place of each vendor type's own
 * (`vnd.github.v3.raw`); previews make it a list of `application/vnd.github.<name>-preview` types,
 * the names it held first, each once in any case. One that asks for `application/octet-stream` stays.
 */
const amended = (
  accept: string | undefined,
  { format = "", previews }: MediaType,
): Either<EndpointError, string | undefined> => {
  if ((format === "" && previews.length === 0) || (accept !== undefined && OCTET_STREAM.test(accept)))
    return E.right(accept)
  const formatted =
    format === "" || accept === undefined
      ? E.right(accept)
      : joined(
          (accept.includes(",") ? accept.split(",") : [accept]).map((entry) => {
            const vendor = VENDOR.exec(entry)
            return vendor === null ? entry : `${vendor[1]}${vendor[2] ?? ""}.${format}${vendor[3]}`
          }),
        )
  if (E.isLeft(formatted) || previews.length === 0) return formatted
  const names = new Map<string, string>()
  for (const name of [...(formatted.right === undefined ? [] : previewsIn(formatted.right)), ...previews]) {
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name)
  }
  const suffix = format === "" ? "+json" : `.${format}`
  return joined([...names.values()].map((name) => `application/vnd.github.${name}-preview${suffix}`))
}

/** The headers of a request: without the `null` ones, the accept amended, and the JSON content type when `json`. */
export const requestHeaders = (
  headers: Headers,
  mediaType: MediaType,
  json: boolean,
): Either<EndpointError, Record<string, string | number>> => {
  const out: Record<string, string | number> = {}
  for (const name of Object.keys(headers)) if (headers[name] !== null) out[name] = headers[name]!
  if (mediaType.format || mediaType.previews.length > 0) {
    const accept = Object.hasOwn(out, "accept") ? String(out.accept) : undefined
    const value = amended(accept, mediaType)
    if (E.isLeft(value)) return value
    if (value.right !== accept) out.accept = value.right!
  }
  if (json && !Object.hasOwn(headers, "content-type")) out["content-type"] = JSON_TYPE
  return E.right(out)
}

/** The tags of form and binary bodies, also of another realm or of another copy of fetch (undici's). */
const BODY_TAG = /^\[object (?:Blob|File|FormData|URLSearchParams|ReadableStream|ArrayBuffer|SharedArrayBuffer)\]$/
/** The web's body classes this runtime has, looked up at the first body (Node loads `FormData` when asked for). */
let bodyClasses: Array<abstract new () => object> | undefined
const webBodies = (): Array<abstract new () => object> =>
  (bodyClasses ??= ["ArrayBuffer", "Blob", "FormData", "URLSearchParams", "ReadableStream"]
    .map((name) => (globalThis as Record<string, unknown>)[name])
    .filter((c): c is abstract new () => object => typeof c === "function"))

/** Whether a body is a form or binary body, which an HTTP client sends as it is, with a content type of its own.
 * Never throws. */
export const isFormOrBinary = (body: unknown): boolean =>
  typeof body === "object" &&
  body !== null &&
  safely(
    () =>
      ArrayBuffer.isView(body) ||
      (!isPlainObject(body) &&
        !Array.isArray(body) &&
        (webBodies().some((c) => body instanceof c) || BODY_TAG.test(Object.prototype.toString.call(body)))),
    false,
  )
