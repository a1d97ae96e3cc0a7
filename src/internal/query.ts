// One query pair as endpoint() writes it, shared by the command line's name==value items.
import { EndpointError } from "../EndpointError.js"
import { shown } from "./describe.js"
import { COMPONENT, encode, loneSurrogateAt } from "./encode.js"

/** `s` as a query component; GitHub's search syntax keeps `+` in `q`. */
const queryValue = (name: string, s: string): string | undefined => {
  if (name !== "q" || !s.includes("+")) return encode(s, COMPONENT)
  const parts = s.split("+").map((p) => encode(p, COMPONENT))
  return parts.includes(undefined) ? undefined : parts.join("+")
}

/** `name=value`, both percent-encoded as query components; a lone surrogate is an error naming the parameter. */
export const pairOf = (name: string, s: string): string | EndpointError => {
  const k = encode(name, COMPONENT)
  const v = queryValue(name, s)
  if (k === undefined) return new EndpointError(shown(name), "lone surrogate in the parameter name cannot be percent-encoded")
  return v === undefined ? new EndpointError(shown(name), `lone surrogate at index ${loneSurrogateAt(s)} cannot be percent-encoded`) : `${k}=${v}`
}
