/** Uploads (POST /files, multipart field `file`; docs/api.md "Endpoints"): JPEG or PNG, at most 2 MB. */
import * as v from 'valibot';
import { answerInt } from './common.ts';

/** The multipart body of POST /files: one file in the field `file`. */
export const UploadForm = v.strictObject({ file: v.pipe(v.string(), v.metadata({ format: 'binary' })) });

/** One stored file: its URL is what the profile `image` takes. */
export const StoredFileSchema = v.object({
  filename: v.string(),
  url: v.string(),
  contentType: v.picklist(['image/png', 'image/jpeg']),
  size: answerInt,
});
export type StoredFile = v.InferOutput<typeof StoredFileSchema>;

/** `data` of POST /files. */
export const UploadedFilesSchema = v.object({ files: v.array(StoredFileSchema) });
