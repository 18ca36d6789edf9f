/**
 * Employee file texts. Spec texts verbatim: part 1 §5 ("File is mandatory"), §8 (upload failure).
 * The size error's text is not shown in the spec ("a translated size error"); ours names the limit.
 */
export const fileMessages = {
  /** part 1 §5 */
  fileMandatory: "File is mandatory",
  /** part 1 §5: max 20971520 bytes (20 MB), else a translated size error (text not shown). */
  fileTooLarge: "The file is too large: the limit is 20 MB (20971520 bytes).",
  /** part 1 §8 */
  uploadFailed: "Cannot upload file. Please contact customer support...",
  /** Not in the spec: content checked from the bytes against the allow-list. */
  typeNotAllowed: "This kind of file cannot be uploaded. Upload a PDF, an image (PNG, JPEG, GIF, WebP, HEIC), a Word or Excel document or a text file.",
  fileNotFound: "The file does not exist or you may not see it.",
  categoryNotFound: "Choose one of the listed file categories.",
  employeeNotFound: "The employee does not exist or you may not act for them.",
  moveNotFound: "The move does not belong to this employee.",
  tempUuidRequired: "A temporary upload needs its empTempFileUUID.",
  shareNotYours: "Only the person who uploaded the file decides who it is shared with.",
  genericFailure: "We could not complete the file request. Please contact customer support.",
} as const;
