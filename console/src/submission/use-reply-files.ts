import { useState } from 'preact/hooks';
import { api, Upload } from '../api';

/** A file on its way into a reply: uploading, uploaded (its upload's id), or refused (why). */
export interface ReplyFile {
  key: number;
  name: string;
  size: number;
  upload?: Upload;
  error?: string;
}

let nextKey = 0;

/**
 * The files of the reply being written: each is uploaded as soon as it is chosen or dropped
 * (`POST uploads?name=`, its raw bytes), so sending only names the uploads; the server decides the
 * limits (size, count, total) and its words are shown beside the file it refused.
 */
export function useReplyFiles() {
  const [files, setFiles] = useState<ReplyFile[]>([]);
  const update = (key: number, change: Partial<ReplyFile>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const add = (chosen: Iterable<File>) => {
    for (const file of chosen) {
      const key = nextKey++;
      setFiles((current) => [...current, { key, name: file.name, size: file.size }]);
      api<Upload>('uploads', { method: 'POST', file }, { name: file.name })
        .then((upload) => update(key, { upload }))
        .catch((error: Error) => update(key, { error: error.message }));
    }
  };
  return {
    files,
    add,
    remove: (key: number) => setFiles((current) => current.filter((file) => file.key !== key)),
    clear: () => setFiles([]),
    /** The uploads to name in the reply. */
    uploadIds: files.flatMap((file) => (file.upload ? [file.upload.id] : [])),
    /** Whether a file is still on its way (the reply waits for it). */
    uploading: files.some((file) => !file.upload && !file.error),
  };
}
