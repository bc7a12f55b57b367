// A problem in content/: always reported as `file:line: message` so a
// build log points at the line to fix. Line is 1-based; 0 means "the file".
export class ContentError extends Error {
  constructor(file, line, message) {
    super(`${file}${line ? `:${line}` : ''}: ${message}`);
    this.name = 'ContentError';
    this.file = file;
    this.line = line;
    this.reason = message;
  }
}
