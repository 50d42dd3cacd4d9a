const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links',
};

/** `ENOENT (no such file or directory)`: an fs error's code with what it means. */
export function fileErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  const reason = REASONS[code];
  return reason === undefined ? code : `${code} (${reason})`;
}
