/** A preview's name without any trailing `-preview`, in any case (`"a-preview-Preview"` is `"a"`): normalising twice changes nothing. */
export const previewName = (name: string): string => {
  let end = name.length
  while (end >= SUFFIX.length && name.slice(end - SUFFIX.length, end).toLowerCase() === SUFFIX) end -= SUFFIX.length
  return name.slice(0, end)
}
const SUFFIX = "-preview"

/** The preview names a text holds: each run of word characters and `-` that ends in `-preview`, in any case, names what is left without it (`my-previewer` names none; `a-preview-preview` names `a`, as a given preview would). How an accept header is read for previews. */
export const previewsIn = (text: string): Array<string> =>
  (text.match(/[\w-]+/g) ?? []).flatMap((run) => {
    const name = previewName(run)
    return name !== run && name !== "" ? [name] : []
  })
