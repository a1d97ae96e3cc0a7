// Must compile under TypeScript 5.9 and 7 (test/types/compilers.test.ts):
// what a TypeScript user writes in their first hour.
import type * as E from "fp-ts/lib/Either.js"
import { pipe } from "fp-ts/lib/function.js"
import {
  endpoint,
  withDefaults,
  Pipeline,
  type Endpoint,
  type EndpointError,
  type FlatOptions,
  type NamesOf,
  type Names,
  type RequestOptions,
  toRequestInit,
  type Typed,
} from "../../../src/index.js"

// GitHub's own names: `-` inside a {name}
const team: Names<"enterprise" | "enterprise-team", never, never> = {} as NamesOf<"/enterprises/{enterprise}/teams/{enterprise-team}">
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e", "enterprise-team": "t" })

// options typed with an interface
interface RepoRef {
  owner: string
  repo: string
}
const ref: RepoRef = { owner: "octokit", repo: "rest.js" }
endpoint("GET /repos/{owner}/{repo}", ref)
endpoint.merge("GET /repos/{owner}/{repo}", ref)
endpoint.either("GET /repos/{owner}/{repo}", ref)
endpoint.defaults(ref)("GET /repos/{owner}/{repo}/issues")
withDefaults(ref)("GET /repos/{owner}/{repo}")

// options typed as FlatOptions, after a route typed as string and alone
const o: FlatOptions = { url: "/x/{y}", y: 1 }
endpoint("GET /x" as string, o)
endpoint(o)

// an Endpoint<any> takes any route
export const list = (e: Endpoint<any>) => e("GET /repos/{owner}/{repo}")

// one argument, a route or options: the method literal either way
const get: "get" = endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "p" }).method
const post: "post" = endpoint({ method: "POST", url: "/user/repos", name: "x" }).method

// the pipeline builds the route's method, lowercased
const built: E.Either<EndpointError, RequestOptions<"get">> = pipe(
  Pipeline.route("GET /repos/{owner}/{repo}/contents/{path}"),
  Pipeline.params({ owner: "o", repo: "r" }),
  Pipeline.param("path", "README.md"),
  Pipeline.build,
)
// a body field takes any value
pipe(Pipeline.route("POST /repos/{owner}/{repo}/hooks", ref), Pipeline.param("config", { url: "https://e.x", at: new Date() }), Pipeline.build)

export { team, get, post, built }

// the reader's limits (README, Types): 256 names in one expression, 256 :names, and a route padded with 1200 spaces
endpoint("GET /x{a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60,a61,a62,a63,a64,a65,a66,a67,a68,a69,a70,a71,a72,a73,a74,a75,a76,a77,a78,a79,a80,a81,a82,a83,a84,a85,a86,a87,a88,a89,a90,a91,a92,a93,a94,a95,a96,a97,a98,a99,a100,a101,a102,a103,a104,a105,a106,a107,a108,a109,a110,a111,a112,a113,a114,a115,a116,a117,a118,a119,a120,a121,a122,a123,a124,a125,a126,a127,a128,a129,a130,a131,a132,a133,a134,a135,a136,a137,a138,a139,a140,a141,a142,a143,a144,a145,a146,a147,a148,a149,a150,a151,a152,a153,a154,a155,a156,a157,a158,a159,a160,a161,a162,a163,a164,a165,a166,a167,a168,a169,a170,a171,a172,a173,a174,a175,a176,a177,a178,a179,a180,a181,a182,a183,a184,a185,a186,a187,a188,a189,a190,a191,a192,a193,a194,a195,a196,a197,a198,a199,a200,a201,a202,a203,a204,a205,a206,a207,a208,a209,a210,a211,a212,a213,a214,a215,a216,a217,a218,a219,a220,a221,a222,a223,a224,a225,a226,a227,a228,a229,a230,a231,a232,a233,a234,a235,a236,a237,a238,a239,a240,a241,a242,a243,a244,a245,a246,a247,a248,a249,a250,a251,a252,a253,a254,a255}", { a0: 1, a1: 1, a2: 1, a3: 1, a4: 1, a5: 1, a6: 1, a7: 1, a8: 1, a9: 1, a10: 1, a11: 1, a12: 1, a13: 1, a14: 1, a15: 1, a16: 1, a17: 1, a18: 1, a19: 1, a20: 1, a21: 1, a22: 1, a23: 1, a24: 1, a25: 1, a26: 1, a27: 1, a28: 1, a29: 1, a30: 1, a31: 1, a32: 1, a33: 1, a34: 1, a35: 1, a36: 1, a37: 1, a38: 1, a39: 1, a40: 1, a41: 1, a42: 1, a43: 1, a44: 1, a45: 1, a46: 1, a47: 1, a48: 1, a49: 1, a50: 1, a51: 1, a52: 1, a53: 1, a54: 1, a55: 1, a56: 1, a57: 1, a58: 1, a59: 1, a60: 1, a61: 1, a62: 1, a63: 1, a64: 1, a65: 1, a66: 1, a67: 1, a68: 1, a69: 1, a70: 1, a71: 1, a72: 1, a73: 1, a74: 1, a75: 1, a76: 1, a77: 1, a78: 1, a79: 1, a80: 1, a81: 1, a82: 1, a83: 1, a84: 1, a85: 1, a86: 1, a87: 1, a88: 1, a89: 1, a90: 1, a91: 1, a92: 1, a93: 1, a94: 1, a95: 1, a96: 1, a97: 1, a98: 1, a99: 1, a100: 1, a101: 1, a102: 1, a103: 1, a104: 1, a105: 1, a106: 1, a107: 1, a108: 1, a109: 1, a110: 1, a111: 1, a112: 1, a113: 1, a114: 1, a115: 1, a116: 1, a117: 1, a118: 1, a119: 1, a120: 1, a121: 1, a122: 1, a123: 1, a124: 1, a125: 1, a126: 1, a127: 1, a128: 1, a129: 1, a130: 1, a131: 1, a132: 1, a133: 1, a134: 1, a135: 1, a136: 1, a137: 1, a138: 1, a139: 1, a140: 1, a141: 1, a142: 1, a143: 1, a144: 1, a145: 1, a146: 1, a147: 1, a148: 1, a149: 1, a150: 1, a151: 1, a152: 1, a153: 1, a154: 1, a155: 1, a156: 1, a157: 1, a158: 1, a159: 1, a160: 1, a161: 1, a162: 1, a163: 1, a164: 1, a165: 1, a166: 1, a167: 1, a168: 1, a169: 1, a170: 1, a171: 1, a172: 1, a173: 1, a174: 1, a175: 1, a176: 1, a177: 1, a178: 1, a179: 1, a180: 1, a181: 1, a182: 1, a183: 1, a184: 1, a185: 1, a186: 1, a187: 1, a188: 1, a189: 1, a190: 1, a191: 1, a192: 1, a193: 1, a194: 1, a195: 1, a196: 1, a197: 1, a198: 1, a199: 1, a200: 1, a201: 1, a202: 1, a203: 1, a204: 1, a205: 1, a206: 1, a207: 1, a208: 1, a209: 1, a210: 1, a211: 1, a212: 1, a213: 1, a214: 1, a215: 1, a216: 1, a217: 1, a218: 1, a219: 1, a220: 1, a221: 1, a222: 1, a223: 1, a224: 1, a225: 1, a226: 1, a227: 1, a228: 1, a229: 1, a230: 1, a231: 1, a232: 1, a233: 1, a234: 1, a235: 1, a236: 1, a237: 1, a238: 1, a239: 1, a240: 1, a241: 1, a242: 1, a243: 1, a244: 1, a245: 1, a246: 1, a247: 1, a248: 1, a249: 1, a250: 1, a251: 1, a252: 1, a253: 1, a254: 1, a255: 1 })
endpoint("GET /:a0/:a1/:a2/:a3/:a4/:a5/:a6/:a7/:a8/:a9/:a10/:a11/:a12/:a13/:a14/:a15/:a16/:a17/:a18/:a19/:a20/:a21/:a22/:a23/:a24/:a25/:a26/:a27/:a28/:a29/:a30/:a31/:a32/:a33/:a34/:a35/:a36/:a37/:a38/:a39/:a40/:a41/:a42/:a43/:a44/:a45/:a46/:a47/:a48/:a49/:a50/:a51/:a52/:a53/:a54/:a55/:a56/:a57/:a58/:a59/:a60/:a61/:a62/:a63/:a64/:a65/:a66/:a67/:a68/:a69/:a70/:a71/:a72/:a73/:a74/:a75/:a76/:a77/:a78/:a79/:a80/:a81/:a82/:a83/:a84/:a85/:a86/:a87/:a88/:a89/:a90/:a91/:a92/:a93/:a94/:a95/:a96/:a97/:a98/:a99/:a100/:a101/:a102/:a103/:a104/:a105/:a106/:a107/:a108/:a109/:a110/:a111/:a112/:a113/:a114/:a115/:a116/:a117/:a118/:a119/:a120/:a121/:a122/:a123/:a124/:a125/:a126/:a127/:a128/:a129/:a130/:a131/:a132/:a133/:a134/:a135/:a136/:a137/:a138/:a139/:a140/:a141/:a142/:a143/:a144/:a145/:a146/:a147/:a148/:a149/:a150/:a151/:a152/:a153/:a154/:a155/:a156/:a157/:a158/:a159/:a160/:a161/:a162/:a163/:a164/:a165/:a166/:a167/:a168/:a169/:a170/:a171/:a172/:a173/:a174/:a175/:a176/:a177/:a178/:a179/:a180/:a181/:a182/:a183/:a184/:a185/:a186/:a187/:a188/:a189/:a190/:a191/:a192/:a193/:a194/:a195/:a196/:a197/:a198/:a199/:a200/:a201/:a202/:a203/:a204/:a205/:a206/:a207/:a208/:a209/:a210/:a211/:a212/:a213/:a214/:a215/:a216/:a217/:a218/:a219/:a220/:a221/:a222/:a223/:a224/:a225/:a226/:a227/:a228/:a229/:a230/:a231/:a232/:a233/:a234/:a235/:a236/:a237/:a238/:a239/:a240/:a241/:a242/:a243/:a244/:a245/:a246/:a247/:a248/:a249/:a250/:a251/:a252/:a253/:a254/:a255", { a0: 1, a1: 1, a2: 1, a3: 1, a4: 1, a5: 1, a6: 1, a7: 1, a8: 1, a9: 1, a10: 1, a11: 1, a12: 1, a13: 1, a14: 1, a15: 1, a16: 1, a17: 1, a18: 1, a19: 1, a20: 1, a21: 1, a22: 1, a23: 1, a24: 1, a25: 1, a26: 1, a27: 1, a28: 1, a29: 1, a30: 1, a31: 1, a32: 1, a33: 1, a34: 1, a35: 1, a36: 1, a37: 1, a38: 1, a39: 1, a40: 1, a41: 1, a42: 1, a43: 1, a44: 1, a45: 1, a46: 1, a47: 1, a48: 1, a49: 1, a50: 1, a51: 1, a52: 1, a53: 1, a54: 1, a55: 1, a56: 1, a57: 1, a58: 1, a59: 1, a60: 1, a61: 1, a62: 1, a63: 1, a64: 1, a65: 1, a66: 1, a67: 1, a68: 1, a69: 1, a70: 1, a71: 1, a72: 1, a73: 1, a74: 1, a75: 1, a76: 1, a77: 1, a78: 1, a79: 1, a80: 1, a81: 1, a82: 1, a83: 1, a84: 1, a85: 1, a86: 1, a87: 1, a88: 1, a89: 1, a90: 1, a91: 1, a92: 1, a93: 1, a94: 1, a95: 1, a96: 1, a97: 1, a98: 1, a99: 1, a100: 1, a101: 1, a102: 1, a103: 1, a104: 1, a105: 1, a106: 1, a107: 1, a108: 1, a109: 1, a110: 1, a111: 1, a112: 1, a113: 1, a114: 1, a115: 1, a116: 1, a117: 1, a118: 1, a119: 1, a120: 1, a121: 1, a122: 1, a123: 1, a124: 1, a125: 1, a126: 1, a127: 1, a128: 1, a129: 1, a130: 1, a131: 1, a132: 1, a133: 1, a134: 1, a135: 1, a136: 1, a137: 1, a138: 1, a139: 1, a140: 1, a141: 1, a142: 1, a143: 1, a144: 1, a145: 1, a146: 1, a147: 1, a148: 1, a149: 1, a150: 1, a151: 1, a152: 1, a153: 1, a154: 1, a155: 1, a156: 1, a157: 1, a158: 1, a159: 1, a160: 1, a161: 1, a162: 1, a163: 1, a164: 1, a165: 1, a166: 1, a167: 1, a168: 1, a169: 1, a170: 1, a171: 1, a172: 1, a173: 1, a174: 1, a175: 1, a176: 1, a177: 1, a178: 1, a179: 1, a180: 1, a181: 1, a182: 1, a183: 1, a184: 1, a185: 1, a186: 1, a187: 1, a188: 1, a189: 1, a190: 1, a191: 1, a192: 1, a193: 1, a194: 1, a195: 1, a196: 1, a197: 1, a198: 1, a199: 1, a200: 1, a201: 1, a202: 1, a203: 1, a204: 1, a205: 1, a206: 1, a207: 1, a208: 1, a209: 1, a210: 1, a211: 1, a212: 1, a213: 1, a214: 1, a215: 1, a216: 1, a217: 1, a218: 1, a219: 1, a220: 1, a221: 1, a222: 1, a223: 1, a224: 1, a225: 1, a226: 1, a227: 1, a228: 1, a229: 1, a230: 1, a231: 1, a232: 1, a233: 1, a234: 1, a235: 1, a236: 1, a237: 1, a238: 1, a239: 1, a240: 1, a241: 1, a242: 1, a243: 1, a244: 1, a245: 1, a246: 1, a247: 1, a248: 1, a249: 1, a250: 1, a251: 1, a252: 1, a253: 1, a254: 1, a255: 1 })
export const padded: "get" = endpoint("                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                GET                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                /x                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                ").method

// under exactOptionalPropertyTypes (this fixture's tsconfig), an option may be written as `undefined`: it is not set
const maybeFormat: string | undefined = process.env["FORMAT"]
endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType: { format: maybeFormat, previews: undefined }, baseUrl: undefined, request: undefined })
endpoint({ url: "/x", method: undefined, headers: undefined, data: undefined })
withDefaults({ mediaType: { format: maybeFormat } }).merge("GET /user", { method: undefined, url: undefined })
export const unset: FlatOptions = { url: undefined, mediaType: { format: undefined } }

// a record typed by an interface goes to a placeholder spread (errors.ts: not as it is)
interface Point {
  x: number
  y: number
}
declare const point: Point
export const spread = endpoint("GET /map{?point*}", { point: { ...point } })
const maybeRequest: { readonly signal: AbortSignal } | undefined = process.env["NO_SIGNAL"] ? undefined : { signal: new AbortController().signal }
export const sent = toRequestInit({ method: "get", url: "/x", headers: {}, request: maybeRequest })

// what a first day brings (a TypeScript user's review): octokit's request(route: string | EndpointOptions),
// its auth hook setting a header on merge()'s copy, merge() results passed back, DEFAULTS headers lowercase
export const either = (route: string | FlatOptions) => endpoint(route)
const hooked = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })
hooked.headers["authorization"] = "token x"
export const back = endpoint(endpoint.merge({ method: "GET", url: "/repos/{owner}/{repo}", owner: "o", repo: "r" }))
export const lowered: "token x" = endpoint.defaults({ headers: { Authorization: "token x" } }).DEFAULTS.headers.authorization

// cascades of defaults within the compilers' depth limit, as the README gives them
export const added = endpoint.defaults({ p0: 0 }).defaults({ p1: 1 }).defaults({ p2: 2 }).defaults({ p3: 3 }).defaults({ p4: 4 }).defaults({ p5: 5 }).defaults({ p6: 6 }).defaults({ p7: 7 }).defaults({ p8: 8 }).defaults({ p9: 9 }).defaults({ p10: 10 }).defaults({ p11: 11 }).defaults({ p12: 12 }).defaults({ p13: 13 }).defaults({ p14: 14 }).defaults({ p15: 15 }).defaults({ p16: 16 }).defaults({ p17: 17 }).defaults({ p18: 18 }).defaults({ p19: 19 }).defaults({ p20: 20 }).defaults({ p21: 21 }).defaults({ p22: 22 }).defaults({ p23: 23 }).defaults({ p24: 24 }).defaults({ p25: 25 }).defaults({ p26: 26 }).defaults({ p27: 27 }).defaults({ p28: 28 }).defaults({ p29: 29 }).defaults({ p30: 30 }).defaults({ p31: 31 }).defaults({ p32: 32 }).defaults({ p33: 33 }).defaults({ p34: 34 }).defaults({ p35: 35 }).defaults({ p36: 36 }).defaults({ p37: 37 }).defaults({ p38: 38 }).defaults({ p39: 39 }).defaults({ p40: 40 }).defaults({ p41: 41 }).defaults({ p42: 42 }).defaults({ p43: 43 }).defaults({ p44: 44 }).defaults({ p45: 45 }).defaults({ p46: 46 }).defaults({ p47: 47 }).defaults({ p48: 48 }).defaults({ p49: 49 }).defaults({ p50: 50 }).defaults({ p51: 51 }).defaults({ p52: 52 }).defaults({ p53: 53 }).defaults({ p54: 54 }).defaults({ p55: 55 }).defaults({ p56: 56 }).defaults({ p57: 57 }).defaults({ p58: 58 }).defaults({ p59: 59 })
export const overridden = endpoint.defaults({ owner: "o0" }).defaults({ owner: "o1" }).defaults({ owner: "o2" }).defaults({ owner: "o3" }).defaults({ owner: "o4" }).defaults({ owner: "o5" }).defaults({ owner: "o6" }).defaults({ owner: "o7" }).defaults({ owner: "o8" }).defaults({ owner: "o9" }).defaults({ owner: "o10" }).defaults({ owner: "o11" }).defaults({ owner: "o12" }).defaults({ owner: "o13" }).defaults({ owner: "o14" }).defaults({ owner: "o15" }).defaults({ owner: "o16" }).defaults({ owner: "o17" }).defaults({ owner: "o18" }).defaults({ owner: "o19" }).defaults({ owner: "o20" }).defaults({ owner: "o21" }).defaults({ owner: "o22" }).defaults({ owner: "o23" }).defaults({ owner: "o24" }).defaults({ owner: "o25" }).defaults({ owner: "o26" }).defaults({ owner: "o27" }).defaults({ owner: "o28" }).defaults({ owner: "o29" }).defaults({ owner: "o30" }).defaults({ owner: "o31" }).defaults({ owner: "o32" }).defaults({ owner: "o33" }).defaults({ owner: "o34" }).defaults({ owner: "o35" }).defaults({ owner: "o36" }).defaults({ owner: "o37" }).defaults({ owner: "o38" }).defaults({ owner: "o39" }).defaults({ owner: "o40" }).defaults({ owner: "o41" }).defaults({ owner: "o42" }).defaults({ owner: "o43" })
export const formatted = endpoint.defaults({ mediaType: { format: "f0" } }).defaults({ mediaType: { format: "f1" } }).defaults({ mediaType: { format: "f2" } }).defaults({ mediaType: { format: "f3" } }).defaults({ mediaType: { format: "f4" } }).defaults({ mediaType: { format: "f5" } }).defaults({ mediaType: { format: "f6" } }).defaults({ mediaType: { format: "f7" } }).defaults({ mediaType: { format: "f8" } }).defaults({ mediaType: { format: "f9" } }).defaults({ mediaType: { format: "f10" } }).defaults({ mediaType: { format: "f11" } }).defaults({ mediaType: { format: "f12" } }).defaults({ mediaType: { format: "f13" } }).defaults({ mediaType: { format: "f14" } }).defaults({ mediaType: { format: "f15" } }).defaults({ mediaType: { format: "f16" } }).defaults({ mediaType: { format: "f17" } }).defaults({ mediaType: { format: "f18" } }).defaults({ mediaType: { format: "f19" } }).defaults({ mediaType: { format: "f20" } }).defaults({ mediaType: { format: "f21" } }).defaults({ mediaType: { format: "f22" } }).defaults({ mediaType: { format: "f23" } }).defaults({ mediaType: { format: "f24" } }).defaults({ mediaType: { format: "f25" } }).defaults({ mediaType: { format: "f26" } }).defaults({ mediaType: { format: "f27" } })
export const assigned: Endpoint = endpoint.defaults({ mediaType: { format: "f0" } }).defaults({ mediaType: { format: "f1" } }).defaults({ mediaType: { format: "f2" } }).defaults({ mediaType: { format: "f3" } }).defaults({ mediaType: { format: "f4" } }).defaults({ mediaType: { format: "f5" } }).defaults({ mediaType: { format: "f6" } }).defaults({ mediaType: { format: "f7" } }).defaults({ mediaType: { format: "f8" } }).defaults({ mediaType: { format: "f9" } }).defaults({ mediaType: { format: "f10" } }).defaults({ mediaType: { format: "f11" } }).defaults({ mediaType: { format: "f12" } }).defaults({ mediaType: { format: "f13" } }).defaults({ mediaType: { format: "f14" } })

// routes typed from an OpenAPI schema: what a typed call accepts, and the result it gives
interface paths {
  "/repos/{owner}/{repo}/issues": {
    get: { parameters: { path: { owner: string; repo: string }; query?: { state?: "open" | "closed" | "all" } } }
    post: {
      parameters: { path: { owner: string; repo: string } }
      requestBody: { content: { "application/json": { title: string; body?: string } } }
    }
  }
  "/markdown/raw": { post: { requestBody: { content: { "text/plain": string } } } }
}
const typed = endpoint as Typed<paths>
export const listed: RequestOptions<"get"> = typed("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" })
export const filtered = typed("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "closed", headers: { "x-a": "1" } })
export const opened: RequestOptions<"post"> = typed("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" })
export const rendered = typed("POST /markdown/raw", { data: "# Title", headers: { "content-type": "text/plain" } })
export const typedEither = typed.either("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" })
export const typedMine = typed.defaults({ owner: "octokit" })("GET /repos/{owner}/{repo}/issues", { repo: "rest.js" })
