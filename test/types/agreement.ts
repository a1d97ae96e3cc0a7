// One table read twice: by the runtime template parser (agreement.test.ts)
// and by the type-level parser of src/Params.ts (agreement.test-d.ts), so the
// two readings of a template cannot drift apart.
//
// Each row: a template, its required names (`{name}`, `{+name}`, `:name`),
// its optional names (every other form, less the required ones) and its
// prefixed names. Reserved option names (`url`, `method`, …) are left out.
export const TABLE = [
  ["/user", [], [], []],
  ["/repos/{owner}/{repo}", ["owner", "repo"], [], []],
  ["/repos/:owner/:repo/issues", ["owner", "repo"], [], []],
  ["{+base}/x/{a,b}", ["base", "a", "b"], [], []],
  ["/search/issues{?q,page,per_page}", [], ["q", "page", "per_page"], []],
  ["/x{/a*}{#b}{.c}{;d}{&e}", [], ["a", "b", "c", "d", "e"], []],
  ["/commits/{sha:7}{/ref:3}", ["sha"], ["ref"], ["sha", "ref"]],
  ["/x/{a}{?a,b}", ["a"], ["b"], []],
  ["/x/:1/a:/b:{c}", ["c"], [], []],
  ["/x/:id.json", ["id"], [], []],
  ["/x/:a-:b", ["a", "b"], [], []],
  ["/x/:_i9{?n}", ["_i9"], ["n"], []],
  ["https://h:8080/x", [], [], []],
  ["https://user:pass@h:8080/x/:id", ["id"], [], []],
  ["https://{host}:8080/x/:id", ["host", "id"], [], []],
  ["http://h?q=:v", ["v"], [], []],
  ["https://h{/path}/x:y", ["y"], ["path"], []],
  ["urn:isbn:x", ["x"], [], []],
  ["/{url}/{method}/:headers{?data,page}", [], ["page"], []],
] as const
