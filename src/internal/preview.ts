/** A preview's name without any trailing `-preview`, in any case (`"a-preview-Preview"` is `"a"`): normalising twice changes nothing. */
export const previewName = (name: string): string => {
  let end = name.length
  while (end >= SUFFIX.length && name.slice(end - SUFFIX.length, end).toLowerCase() === SUFFIX) end -= SUFFIX.length
  return name.slice(0, end)
}
const SUFFIX = "-preview"
