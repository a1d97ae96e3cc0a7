// Must fail under TypeScript 5.9 and 7, each where the directive says, and
// (test/types/compilers.test.ts) with a message that contains the quoted text.
import { pipe } from "fp-ts/lib/function.js"
import type { paths as GitHubPaths } from "@octokit/openapi-types"
import { endpoint, Pipeline, type Endpoint, type Typed } from "../../../src/index.js"

// a route alone names what is missing, under both compilers
// @ts-expect-error "missing parameter: path"
endpoint("GET /repos/{owner}/{repo}/contents/{path}")
// @ts-expect-error "missing parameter: path"
endpoint.merge("GET /repos/{owner}/{repo}/contents/{path}")
// @ts-expect-error "missing parameter: path"
endpoint.either("GET /repos/{owner}/{repo}/contents/{path}")
// @ts-expect-error "missing parameter: enterprise-team"
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}")
const mine = endpoint.defaults({ owner: "octokit" })
// @ts-expect-error "missing parameter: repo"
mine("GET /repos/{owner}/{repo}")
// @ts-expect-error "missing parameter: owner"
export const bare = (e: Endpoint) => e("GET /repos/{owner}")

// options alone, and a route with options, name the missing property
// @ts-expect-error "Property 'owner' is missing"
endpoint({ url: "/repos/{owner}" })
// @ts-expect-error "Property 'repo' is missing"
endpoint("GET /repos/{owner}/{repo}", { owner: "o" })
interface RepoRef {
  owner: string
  repo: string
}
declare const ref: RepoRef
// @ts-expect-error "Property 'issue_number' is missing"
endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", ref)
// @ts-expect-error "Type 'Date' is not assignable to type 'Placeholder'"
endpoint("GET /x/{a}", { a: new Date() })

// the pipeline: a missing placeholder at build, a bad value at param
pipe(
  Pipeline.route("GET /repos/{owner}/{repo}/contents/{path}"),
  Pipeline.params({ owner: "o", repo: "r" }),
  Pipeline.header("x-a", "1"),
  // @ts-expect-error "missing parameter: path"
  Pipeline.build,
)
pipe(
  Pipeline.route("GET /x/{a}"),
  // @ts-expect-error "parameter a: expected a string, number, boolean, bigint, list or record"
  Pipeline.param("a", new Date()),
  Pipeline.build,
)
// @ts-expect-error "parameter a: expected a string, number, boolean, bigint, list or record"
Pipeline.param(Pipeline.route("GET /x/{a}"), "a", new Date())
// @ts-expect-error "missing parameter: org"
Pipeline.build(Pipeline.route("GET /orgs/{org}"))
// @ts-expect-error "missing parameter: repo"
pipe(Pipeline.route("GET /repos/{owner}/{repo}"), Pipeline.buildWith(mine))

// the last of 256 names is still checked
// @ts-expect-error "Property 'a255' is missing"
endpoint("GET /x{a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60,a61,a62,a63,a64,a65,a66,a67,a68,a69,a70,a71,a72,a73,a74,a75,a76,a77,a78,a79,a80,a81,a82,a83,a84,a85,a86,a87,a88,a89,a90,a91,a92,a93,a94,a95,a96,a97,a98,a99,a100,a101,a102,a103,a104,a105,a106,a107,a108,a109,a110,a111,a112,a113,a114,a115,a116,a117,a118,a119,a120,a121,a122,a123,a124,a125,a126,a127,a128,a129,a130,a131,a132,a133,a134,a135,a136,a137,a138,a139,a140,a141,a142,a143,a144,a145,a146,a147,a148,a149,a150,a151,a152,a153,a154,a155,a156,a157,a158,a159,a160,a161,a162,a163,a164,a165,a166,a167,a168,a169,a170,a171,a172,a173,a174,a175,a176,a177,a178,a179,a180,a181,a182,a183,a184,a185,a186,a187,a188,a189,a190,a191,a192,a193,a194,a195,a196,a197,a198,a199,a200,a201,a202,a203,a204,a205,a206,a207,a208,a209,a210,a211,a212,a213,a214,a215,a216,a217,a218,a219,a220,a221,a222,a223,a224,a225,a226,a227,a228,a229,a230,a231,a232,a233,a234,a235,a236,a237,a238,a239,a240,a241,a242,a243,a244,a245,a246,a247,a248,a249,a250,a251,a252,a253,a254,a255}", { a0: 1, a1: 1, a2: 1, a3: 1, a4: 1, a5: 1, a6: 1, a7: 1, a8: 1, a9: 1, a10: 1, a11: 1, a12: 1, a13: 1, a14: 1, a15: 1, a16: 1, a17: 1, a18: 1, a19: 1, a20: 1, a21: 1, a22: 1, a23: 1, a24: 1, a25: 1, a26: 1, a27: 1, a28: 1, a29: 1, a30: 1, a31: 1, a32: 1, a33: 1, a34: 1, a35: 1, a36: 1, a37: 1, a38: 1, a39: 1, a40: 1, a41: 1, a42: 1, a43: 1, a44: 1, a45: 1, a46: 1, a47: 1, a48: 1, a49: 1, a50: 1, a51: 1, a52: 1, a53: 1, a54: 1, a55: 1, a56: 1, a57: 1, a58: 1, a59: 1, a60: 1, a61: 1, a62: 1, a63: 1, a64: 1, a65: 1, a66: 1, a67: 1, a68: 1, a69: 1, a70: 1, a71: 1, a72: 1, a73: 1, a74: 1, a75: 1, a76: 1, a77: 1, a78: 1, a79: 1, a80: 1, a81: 1, a82: 1, a83: 1, a84: 1, a85: 1, a86: 1, a87: 1, a88: 1, a89: 1, a90: 1, a91: 1, a92: 1, a93: 1, a94: 1, a95: 1, a96: 1, a97: 1, a98: 1, a99: 1, a100: 1, a101: 1, a102: 1, a103: 1, a104: 1, a105: 1, a106: 1, a107: 1, a108: 1, a109: 1, a110: 1, a111: 1, a112: 1, a113: 1, a114: 1, a115: 1, a116: 1, a117: 1, a118: 1, a119: 1, a120: 1, a121: 1, a122: 1, a123: 1, a124: 1, a125: 1, a126: 1, a127: 1, a128: 1, a129: 1, a130: 1, a131: 1, a132: 1, a133: 1, a134: 1, a135: 1, a136: 1, a137: 1, a138: 1, a139: 1, a140: 1, a141: 1, a142: 1, a143: 1, a144: 1, a145: 1, a146: 1, a147: 1, a148: 1, a149: 1, a150: 1, a151: 1, a152: 1, a153: 1, a154: 1, a155: 1, a156: 1, a157: 1, a158: 1, a159: 1, a160: 1, a161: 1, a162: 1, a163: 1, a164: 1, a165: 1, a166: 1, a167: 1, a168: 1, a169: 1, a170: 1, a171: 1, a172: 1, a173: 1, a174: 1, a175: 1, a176: 1, a177: 1, a178: 1, a179: 1, a180: 1, a181: 1, a182: 1, a183: 1, a184: 1, a185: 1, a186: 1, a187: 1, a188: 1, a189: 1, a190: 1, a191: 1, a192: 1, a193: 1, a194: 1, a195: 1, a196: 1, a197: 1, a198: 1, a199: 1, a200: 1, a201: 1, a202: 1, a203: 1, a204: 1, a205: 1, a206: 1, a207: 1, a208: 1, a209: 1, a210: 1, a211: 1, a212: 1, a213: 1, a214: 1, a215: 1, a216: 1, a217: 1, a218: 1, a219: 1, a220: 1, a221: 1, a222: 1, a223: 1, a224: 1, a225: 1, a226: 1, a227: 1, a228: 1, a229: 1, a230: 1, a231: 1, a232: 1, a233: 1, a234: 1, a235: 1, a236: 1, a237: 1, a238: 1, a239: 1, a240: 1, a241: 1, a242: 1, a243: 1, a244: 1, a245: 1, a246: 1, a247: 1, a248: 1, a249: 1, a250: 1, a251: 1, a252: 1, a253: 1, a254: 1 })
// @ts-expect-error "Property 'a255' is missing"
endpoint("GET /:a0/:a1/:a2/:a3/:a4/:a5/:a6/:a7/:a8/:a9/:a10/:a11/:a12/:a13/:a14/:a15/:a16/:a17/:a18/:a19/:a20/:a21/:a22/:a23/:a24/:a25/:a26/:a27/:a28/:a29/:a30/:a31/:a32/:a33/:a34/:a35/:a36/:a37/:a38/:a39/:a40/:a41/:a42/:a43/:a44/:a45/:a46/:a47/:a48/:a49/:a50/:a51/:a52/:a53/:a54/:a55/:a56/:a57/:a58/:a59/:a60/:a61/:a62/:a63/:a64/:a65/:a66/:a67/:a68/:a69/:a70/:a71/:a72/:a73/:a74/:a75/:a76/:a77/:a78/:a79/:a80/:a81/:a82/:a83/:a84/:a85/:a86/:a87/:a88/:a89/:a90/:a91/:a92/:a93/:a94/:a95/:a96/:a97/:a98/:a99/:a100/:a101/:a102/:a103/:a104/:a105/:a106/:a107/:a108/:a109/:a110/:a111/:a112/:a113/:a114/:a115/:a116/:a117/:a118/:a119/:a120/:a121/:a122/:a123/:a124/:a125/:a126/:a127/:a128/:a129/:a130/:a131/:a132/:a133/:a134/:a135/:a136/:a137/:a138/:a139/:a140/:a141/:a142/:a143/:a144/:a145/:a146/:a147/:a148/:a149/:a150/:a151/:a152/:a153/:a154/:a155/:a156/:a157/:a158/:a159/:a160/:a161/:a162/:a163/:a164/:a165/:a166/:a167/:a168/:a169/:a170/:a171/:a172/:a173/:a174/:a175/:a176/:a177/:a178/:a179/:a180/:a181/:a182/:a183/:a184/:a185/:a186/:a187/:a188/:a189/:a190/:a191/:a192/:a193/:a194/:a195/:a196/:a197/:a198/:a199/:a200/:a201/:a202/:a203/:a204/:a205/:a206/:a207/:a208/:a209/:a210/:a211/:a212/:a213/:a214/:a215/:a216/:a217/:a218/:a219/:a220/:a221/:a222/:a223/:a224/:a225/:a226/:a227/:a228/:a229/:a230/:a231/:a232/:a233/:a234/:a235/:a236/:a237/:a238/:a239/:a240/:a241/:a242/:a243/:a244/:a245/:a246/:a247/:a248/:a249/:a250/:a251/:a252/:a253/:a254/:a255", { a0: 1, a1: 1, a2: 1, a3: 1, a4: 1, a5: 1, a6: 1, a7: 1, a8: 1, a9: 1, a10: 1, a11: 1, a12: 1, a13: 1, a14: 1, a15: 1, a16: 1, a17: 1, a18: 1, a19: 1, a20: 1, a21: 1, a22: 1, a23: 1, a24: 1, a25: 1, a26: 1, a27: 1, a28: 1, a29: 1, a30: 1, a31: 1, a32: 1, a33: 1, a34: 1, a35: 1, a36: 1, a37: 1, a38: 1, a39: 1, a40: 1, a41: 1, a42: 1, a43: 1, a44: 1, a45: 1, a46: 1, a47: 1, a48: 1, a49: 1, a50: 1, a51: 1, a52: 1, a53: 1, a54: 1, a55: 1, a56: 1, a57: 1, a58: 1, a59: 1, a60: 1, a61: 1, a62: 1, a63: 1, a64: 1, a65: 1, a66: 1, a67: 1, a68: 1, a69: 1, a70: 1, a71: 1, a72: 1, a73: 1, a74: 1, a75: 1, a76: 1, a77: 1, a78: 1, a79: 1, a80: 1, a81: 1, a82: 1, a83: 1, a84: 1, a85: 1, a86: 1, a87: 1, a88: 1, a89: 1, a90: 1, a91: 1, a92: 1, a93: 1, a94: 1, a95: 1, a96: 1, a97: 1, a98: 1, a99: 1, a100: 1, a101: 1, a102: 1, a103: 1, a104: 1, a105: 1, a106: 1, a107: 1, a108: 1, a109: 1, a110: 1, a111: 1, a112: 1, a113: 1, a114: 1, a115: 1, a116: 1, a117: 1, a118: 1, a119: 1, a120: 1, a121: 1, a122: 1, a123: 1, a124: 1, a125: 1, a126: 1, a127: 1, a128: 1, a129: 1, a130: 1, a131: 1, a132: 1, a133: 1, a134: 1, a135: 1, a136: 1, a137: 1, a138: 1, a139: 1, a140: 1, a141: 1, a142: 1, a143: 1, a144: 1, a145: 1, a146: 1, a147: 1, a148: 1, a149: 1, a150: 1, a151: 1, a152: 1, a153: 1, a154: 1, a155: 1, a156: 1, a157: 1, a158: 1, a159: 1, a160: 1, a161: 1, a162: 1, a163: 1, a164: 1, a165: 1, a166: 1, a167: 1, a168: 1, a169: 1, a170: 1, a171: 1, a172: 1, a173: 1, a174: 1, a175: 1, a176: 1, a177: 1, a178: 1, a179: 1, a180: 1, a181: 1, a182: 1, a183: 1, a184: 1, a185: 1, a186: 1, a187: 1, a188: 1, a189: 1, a190: 1, a191: 1, a192: 1, a193: 1, a194: 1, a195: 1, a196: 1, a197: 1, a198: 1, a199: 1, a200: 1, a201: 1, a202: 1, a203: 1, a204: 1, a205: 1, a206: 1, a207: 1, a208: 1, a209: 1, a210: 1, a211: 1, a212: 1, a213: 1, a214: 1, a215: 1, a216: 1, a217: 1, a218: 1, a219: 1, a220: 1, a221: 1, a222: 1, a223: 1, a224: 1, a225: 1, a226: 1, a227: 1, a228: 1, a229: 1, a230: 1, a231: 1, a232: 1, a233: 1, a234: 1, a235: 1, a236: 1, a237: 1, a238: 1, a239: 1, a240: 1, a241: 1, a242: 1, a243: 1, a244: 1, a245: 1, a246: 1, a247: 1, a248: 1, a249: 1, a250: 1, a251: 1, a252: 1, a253: 1, a254: 1 })

// a record for a placeholder typed by an interface, which has no index signature (the README says: spread it)
interface Point {
  x: number
  y: number
}
declare const point: Point
// @ts-expect-error "Type 'Point' is not assignable"
endpoint("GET /map{?point*}", { point })

// options that are a Promise: a forgotten await
declare function loadParams(): Promise<{ per_page: number }>
// @ts-expect-error "options are a Promise: await them first"
endpoint("GET /user/repos", loadParams())

// axios' spelling of baseUrl
// @ts-expect-error "the option is spelt baseUrl"
endpoint("GET /user", { baseURL: "https://ghe.example/api/v3" })

// a misspelt method in a route, in every entry that takes one
// @ts-expect-error "unknown HTTP method: POTS"
endpoint("POTS /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" })
// @ts-expect-error "unknown HTTP method: GTE"
endpoint.merge("GTE /user")
// @ts-expect-error "unknown HTTP method: PUSH"
Pipeline.route("PUSH /user")
// a method that only a looser server knows still compiles in the options' method field
endpoint({ method: "PURGE", url: "/cache" })

// routes typed from an OpenAPI schema: a small one, and GitHub's
interface paths {
  "/repos/{owner}/{repo}/issues": {
    get: { parameters: { path: { owner: string; repo: string }; query?: { state?: "open" | "closed" | "all" } } }
    post: {
      parameters: { path: { owner: string; repo: string } }
      requestBody: { content: { "application/json": { title: string; body?: string; labels?: string[] } } }
    }
  }
  "/markdown/raw": { post: { requestBody: { content: { "text/plain": string } } } }
}
const api = endpoint as Typed<paths>
// @ts-expect-error "Type '"opne"' is not assignable to type"
api("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opne" })
// @ts-expect-error "Property 'title' is missing"
api("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "text" })
// @ts-expect-error "'per_page' does not exist"
api("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2 })
// @ts-expect-error "Type 'number' is not assignable to type 'string'"
api("GET /repos/{owner}/{repo}/issues", { owner: 1, repo: "r" })
// @ts-expect-error "not a route of the schema: DELETE /repos/{owner}/{repo}/issues"
api("DELETE /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" })
// @ts-expect-error "Property 'data' is missing"
api("POST /markdown/raw", {})
// @ts-expect-error "Type 'number' is not assignable to type 'string'"
api("POST /markdown/raw", { data: 1 })
const github = endpoint as Typed<GitHubPaths>
// @ts-expect-error "Type '"opne"' is not assignable"
github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opne" })
// @ts-expect-error "Property 'title' is missing"
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "text" })
// @ts-expect-error "'stat' does not exist"
github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", stat: "open" })
// @ts-expect-error "not a route of the schema: GET /repos/{owner}/{repo}/issuez"
github("GET /repos/{owner}/{repo}/issuez", { owner: "o", repo: "r" })
// defaults that supply a path parameter make it optional; the others stay required
const mineTyped = github.defaults({ owner: "octokit" })
mineTyped("GET /repos/{owner}/{repo}/issues", { repo: "rest.js" })
// @ts-expect-error "Property 'repo' is missing"
mineTyped("GET /repos/{owner}/{repo}/issues", {})
