/** Whether `s` is an RFC 9110 token (tchar: `!#$%&'*+-.^_`|~`, digits, letters): an HTTP method or a header name. */
export const isToken = (s: string): boolean => TOKEN.test(s)
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/ // one object: a literal in the function would be a new RegExp on every call

/** Whether `s` holds CR, LF or NUL, which would end or break a header line. */
export const breaksLine = (s: string): boolean => s.includes("\n") || s.includes("\r") || s.includes("\0")
