// RFC 9110 §5.6.2: token = 1*tchar, tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*"
// / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA

const TCHAR = new Uint8Array(128)
for (const ch of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
  TCHAR[ch.charCodeAt(0)] = 1
}

/** Whether `s` is an RFC 9110 token (an HTTP method or a header name). */
export const isToken = (s: string): boolean => {
  const n = s.length
  if (n === 0) return false
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c >= 128 || TCHAR[c] !== 1) return false
  }
  return true
}

/** `tokenCase`: not a token. */
export const NOT_A_TOKEN = 0
/** `tokenCase`: a token with no uppercase letter. */
export const LOWERCASE = 1
/** `tokenCase`: a token with an uppercase letter. */
export const MIXED_CASE = 2

/** One pass: whether `s` is a token, and whether it has uppercase letters. */
export const tokenCase = (s: string): 0 | 1 | 2 => {
  const n = s.length
  if (n === 0) return NOT_A_TOKEN
  let kind: 1 | 2 = LOWERCASE
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c >= 128 || TCHAR[c] !== 1) return NOT_A_TOKEN
    if (c >= 65 && c <= 90) kind = MIXED_CASE
  }
  return kind
}
