/** A preview's name without any trailing `-preview` (`"a-preview-preview"` is `"a"`): normalising twice changes nothing. */
export const previewName = (name: string): string => {
  let end = name.length
  while (name.endsWith("-preview", end)) end -= "-preview".length
  return name.slice(0, end)
}
