import { apiUrl, Attachment } from '../api';

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
