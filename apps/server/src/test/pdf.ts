import { spawn } from 'node:child_process';

/** The text of a PDF as a reader sees it, read by poppler's pdftotext (a real reader of PDFs, not ours). */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-']);
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('pdftotext is missing: apt-get install -y poppler-utils') : err),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdftotext exited ${code}`)),
    );
    child.stdin.end(pdf);
  });
}
