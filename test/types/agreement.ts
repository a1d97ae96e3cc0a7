// One table read twice: by the runtime template parser in route mode, what
// endpoint() uses (agreement.test.ts), and by the type-level parser of
// src/Params.ts (agreement.test-d.ts), so the two readings of a template cannot
// drift apart. agreement.test.ts also checks that the required names are the
// ones the run time requires (a "missing parameter" error without them).
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
  ["/repos/{owner}/{repo}/contents/{+path}", ["owner", "repo", "path"], [], []], // "" is a value for path
  ["/x/{a:3}{/a}{?b:2}", ["a"], ["b"], ["a", "b"]],
  ["/x/:1/a:/b:{c}", ["c"], [], []],
  ["/x/:id.json", ["id"], [], []],
  ["/x/:_i9{?n}", ["_i9"], ["n"], []],
  ["https://h:8080/x", [], [], []],
  ["https://h:8080/:id", ["id"], [], []],
  ["https://user:pass@h:8080/x/:id", ["id"], [], []],
  ["https://{host}:8080/x/:id", ["host", "id"], [], []],
  ["//:token@h.example/x/:id", ["token", "id"], [], []], // a :name right after a slash is one, in an authority too
  ["//{host}:8080/:id", ["host", "id"], [], []],
  ["http{s}://:token@h.example/x/:id", ["s", "token", "id"], [], []],
  ["{scheme}://{host}:8080/:id", ["scheme", "host", "id"], [], []],
  ["{+origin}://x/:id", ["origin", "id"], [], []],
  ["/a{b}://x/:id", ["b", "id"], [], []], // not at the start: a path, whose :id after a / is a placeholder
  // scheme-like text longer than the types read letter by letter (64): read as the run time reads it
  ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_:x://:p@h.example/:q", ["p", "q"], [], []],
  ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa://:p@h.example/:q", ["p", "q"], [], []],
  ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:/:q", ["q"], [], []],
  ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/:q", ["q"], [], []],
  ["{/a}/:b", ["b"], ["a"], []],
  ["/enterprises/{enterprise}/teams/{enterprise-team}/memberships/:username", ["enterprise", "enterprise-team", "username"], [], []],
  // `-` inside a name (GitHub's `{enterprise-team}`), anywhere in it; after `:` it ends the name
  ["/x/{-a}/{a-}/{a--b}{?c-d,e-}{/f-g:3}", ["-a", "a-", "a--b"], ["c-d", "e-", "f-g"], ["f-g"]],
  ["/x/:team-slug/{team-id}", ["team", "team-id"], [], []],
  ["/{url}/{method}/:headers{?data,page}", [], ["page"], []],
  // route mode reads `:name` only at the start of a path segment: right after a
  // literal `/`, after the scheme and authority, before the query and fragment
  ["/{a}/:b", ["a", "b"], [], []],
  ["urn:/:x", ["x"], [], []],
  ["/x/:a-:b", ["a"], [], []],
  ["/a/:b:c", ["b"], [], []],
  ["/a::b", [], [], []],
  ["/v1/{name}:cancel", ["name"], [], []],
  ["/{a}:b", ["a"], [], []],
  ["/x/{a}:b/:c", ["a", "c"], [], []],
  ["https://h{/path}/x:y", [], ["path"], []],
  ["urn:isbn:x", [], [], []],
  ["http://h?q=:v", [], [], []],
  ["/search?q=user:theonion", [], [], []],
  ["/a?x=/:y", [], [], []],
  ["/x{?a}/:b", [], ["a"], []],
  ["/x#/:b", [], [], []],
  ["/a{#f}/:g", [], ["f"], []],
  ["/a#x/:y{?z}/:w", [], ["z"], []],
] as const
