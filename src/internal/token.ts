/** Whether `s` is an RFC 9110 token (tchar: `!#$%&'*+-.^_`|~`, digits, letters): an HTTP method or a header name. */
export const isToken = (s: string): boolean => /^[\w!#$%&'*+.^`|~-]+$/.test(s)
