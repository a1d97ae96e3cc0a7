const lib = require("fp-endpoint")

import("./cases.mjs").then(({ run }) => {
  console.log(JSON.stringify({ resolved: require.resolve("fp-endpoint"), results: run(lib) }))
})
