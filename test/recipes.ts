// The guide's "Sending the result with an HTTP client" recipes (docs/guide.md). Each region
// between `// recipe:<name>` and `// end` appears verbatim in one of its code blocks (with "fp-endpoint" in place of
// "../src/index.js"; test/fetch.integration.test.ts checks that), and
// test/fetch.integration.test.ts sends requests through each one to a real server.
import { toRequest, toRequestInit, type RequestOptions } from "../src/index.js"

// recipe:fetch
export const viaFetchRequest = (options: RequestOptions) => fetch(toRequest(options))

export const viaFetchInit = (options: RequestOptions) => fetch(...toRequestInit(options))
// end

// recipe:undici
import { request } from "undici"

export const viaUndici = (options: RequestOptions) => {
  const [url, { method, headers, body }] = toRequestInit(options)
  // body: a string here (JSON or text); pass a Buffer or stream for binary data
  return request(url, { method, headers, body: body as string | undefined })
}
// end

// recipe:axios
import axios from "axios"

export const viaAxios = (options: RequestOptions) => {
  const [url, { method, headers, body }] = toRequestInit(options)
  return axios.request({
    url,
    method,
    // false: no form content type of axios's own on a PUT or POST without a body
    headers: { "content-type": false, ...headers },
    data: body,
    // the body is already serialised: axios must not transform it again
    transformRequest: [(data) => data],
  })
}
// end

// recipe:got
import got, { type Method } from "got"

export const viaGot = (options: RequestOptions) => {
  const [url, { method, headers, body }] = toRequestInit(options)
  return got(url, { method: method as Method, headers, body: body as string | undefined })
}
// end

// recipe:ky
import ky from "ky"

export const viaKy = (options: RequestOptions) => ky(toRequest(options))
// end
