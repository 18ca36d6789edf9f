/** part 1 §9: "Max file 20971520 bytes." */
export const MAX_FILE_BYTES = 20_971_520;
/** Notes on a file: at most this many characters. */
export const MAX_NOTES_LENGTH = 2000;
/** An original file name is kept to this many characters. */
export const MAX_NAME_LENGTH = 255;

/** Whether `size` bytes fit the §9 limit. */
export function fitsFileLimit(size: number): boolean {
  return Number.isInteger(size) && size >= 0 && size <= MAX_FILE_BYTES;
}

/**
 * The name to keep for an upload: the last path segment, control characters removed, trimmed to
 * MAX_NAME_LENGTH; "file" when nothing is left.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, MAX_NAME_LENGTH);
  return clean === "" || clean === "." || clean === ".." ? "file" : clean;
}
