// The requests every runtime builds with the built package. `run(lib)` takes
// the module namespace (or the require() result) of fp-endpoint and returns
// JSON-able results, so each runtime's output can be compared with Node's.
export const run = (lib) => {
  const { endpoint, EndpointError, toRequest, toRequestInit, VERSION } = lib
  const attempt = (f) => {
    try {
      return { ok: f() }
    } catch (e) {
      return { error: { name: e.name, message: e.message, isEndpointError: e instanceof EndpointError } }
    }
  }
  const api = endpoint.defaults({ baseUrl: "https://api.example.com/v3/", headers: { authorization: "token 0000" } })
  const patch = () =>
    api("PATCH /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", number: 7, title: "Grüße, 世界 🌍" })
  const request = (r) => {
    const q = toRequest(r)
    return { method: q.method, url: q.url, contentType: q.headers.get("content-type"), accept: q.headers.get("accept") }
  }
  return {
    version: VERSION,
    defaults: endpoint.DEFAULTS,
    // a list and a record in the template: expanded by url-template, which dist/cjs require()s
    composite: attempt(() => endpoint("GET /search{?tags*}{;keys}", { tags: ["a b", "c"], keys: { x: "1", y: "2" } })),
    get: attempt(() =>
      endpoint("GET /repos/{owner}/{repo}/issues", {
        owner: "octo cat",
        repo: "hello",
        labels: ["bug", "ui"],
        "fields[]": ["title", "body"],
        q: "is:open+label:bug",
      }),
    ),
    post: attempt(() =>
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Bug", labels: ["bug"] }),
    ),
    patch: attempt(patch),
    put: attempt(() => api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" })),
    previews: attempt(() =>
      endpoint("GET /repos/{owner}/{repo}/topics", { owner: "o", repo: "r", mediaType: { previews: ["mercy-preview"], format: "raw" } }),
    ),
    merge: attempt(() => endpoint.merge("GET /orgs/:org/repos", { org: "octokit", type: "public" })),
    badTemplate: attempt(() => endpoint("GET /repos/{owner")),
    badHeader: attempt(() => endpoint("GET /", { headers: { "x-a": {} } })),
    init: attempt(() => toRequestInit(patch())),
    request: attempt(() => request(patch())),
    badRequest: attempt(() => toRequestInit(api("POST /x", { data: { n: 1n } }))),
  }
}
