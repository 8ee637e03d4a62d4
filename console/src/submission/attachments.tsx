import { apiUrl, Attachment } from '../api';
import type { useReplyFiles } from './use-reply-files';

/** A size as people read it: bytes, KB or MB (decimal, as file managers show them). */
export function fileSize(bytes: number): string {
  if (bytes < 1000) {
    return `${bytes} bytes`;
  }
  return bytes < 1_000_000 ? `${(bytes / 1000).toFixed(0)} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * The files of a message or of the request: an image whose bytes are an image as a thumbnail that opens
 * it, every other stored file as a download link with its name, type and size; a file over the size
 * limit, or one from before files were kept, described only. The API decides what is safe to show
 * inline (`inline_image`); the page never guesses from a name.
 */
export function Attachments({ files, label }: { files: Attachment[] | undefined; label: string }) {
  if (!files || files.length === 0) {
    return null;
  }
  return (
    <ul class="attachments" aria-label={label}>
      {files.map((file) => {
        const url = apiUrl(`attachments/${file.id}`);
        const about = `${file.type}, ${fileSize(file.size)}`;
        if (file.state !== 'stored') {
          const why = file.state === 'too_large' ? 'too large to keep' : 'not kept';
          return (
            <li key={file.id} class="muted">
              {file.name} ({about}, {why})
            </li>
          );
        }
        return (
          <li key={file.id}>
            {file.inline_image && (
              <a href={url} download={file.name} class="thumbnail">
                <img src={apiUrl(`attachments/${file.id}`, { inline: '1' })} alt={file.name} loading="lazy" />
              </a>
            )}
            <a href={url} download={file.name}>
              {file.name}
            </a>{' '}
            <span class="muted">({about})</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The reply's files: "Attach files" (a picker; files can also be dropped on the reply box), then each
 * chosen file with its state (uploading, its size once uploaded, or why it was refused) and a button
 * that takes it out of the reply.
 */
export function ReplyFiles({ files }: { files: ReturnType<typeof useReplyFiles> }) {
  return (
    <div class="reply-files">
      <label class="file-picker">
        Attach files
        <input
          type="file"
          multiple
          onChange={(event) => {
            files.add(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
          }}
        />
      </label>
      <span class="muted"> or drop them on the reply box</span>
      {files.files.length > 0 && (
        <ul class="attachments" aria-label="Files to send">
          {files.files.map((file) => (
            <li key={file.key}>
              {file.name}{' '}
              {file.error ? (
                <span class="error-text" role="alert">
                  {file.error}
                </span>
              ) : (
                <span class="muted">({file.upload ? fileSize(file.upload.size) : 'uploading…'})</span>
              )}{' '}
              <button type="button" onClick={() => files.remove(file.key)}>
                Remove {file.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
