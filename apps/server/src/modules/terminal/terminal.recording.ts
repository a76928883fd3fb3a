import { StringDecoder } from 'node:string_decoder';
import type { EndReason } from './terminal.connect.ts';
import type { TerminalRepository } from './terminal.repository.ts';

/** A recording stops growing past this (the session goes on; the audit says it was cut). */
const RECORDING_MAX = 8 * 1024 * 1024;
/** A piece of recording is written once it is this big, or at the next flush. */
const CHUNK_BYTES = 256 * 1024;
const FLUSH_MS = 1_000;

/** The first line of a recording: the terminal's size, the session's start, its title (`user@host:port`). */
export function asciicastHeader(size: { cols: number; rows: number }, started: number, title: string) {
  return `${JSON.stringify({
    version: 2,
    width: size.cols,
    height: size.rows,
    timestamp: Math.floor(started / 1000),
    env: { TERM: 'xterm-256color' },
    title,
  })}\n`;
}

/**
 * A started session's recording (asciicast v2, output only) and its counts, written to its row: a piece at most every
 * second (or once it is big), one write at a time and in order, until the session ends.
 */
export class Recording {
  private bytesIn = 0;
  private bytesOut = 0;
  private recorded = 0;
  private truncated = false;
  private pending = '';
  private seq = 1;
  private dirty = false;
  private writes: Promise<void> = Promise.resolve();
  private readonly stdout = new StringDecoder('utf8');
  private readonly stderr = new StringDecoder('utf8');
  private readonly flushTimer: NodeJS.Timeout;

  /** `started`: the session's start, which the recording's times count from. */
  constructor(
    private readonly store: Pick<TerminalRepository, 'progress' | 'end'>,
    private readonly id: number,
    private readonly started: number,
    private readonly now: () => number,
  ) {
    this.flushTimer = setInterval(() => void this.flush(), FLUSH_MS);
  }

  /** The host's output (counted, and recorded as text). */
  output(data: Buffer, from: 'stdout' | 'stderr') {
    const text = (from === 'stdout' ? this.stdout : this.stderr).write(data);
    this.bytesOut += data.length;
    this.event('o', text);
  }

  /** What the browser typed: counted, not recorded (the host's echo is). */
  input(command: string) {
    this.bytesIn += Buffer.byteLength(command);
    this.dirty = true;
  }

  resize(cols: number, rows: number) {
    this.event('r', `${cols}x${rows}`);
  }

  /** The session ended: the rest written, then the end (no write runs on after). Settles once the end is written. */
  end(reason: EndReason): Promise<void> {
    clearInterval(this.flushTimer);
    const rest = this.stdout.end() + this.stderr.end();
    if (rest) this.event('o', rest);
    this.dirty = true;
    return this.flush().then(() => this.store.end(this.id, reason, new Date(this.now())).catch(() => undefined));
  }

  /** A line of the recording. */
  private event(kind: 'o' | 'r', data: string) {
    if (this.truncated) return;
    const line = `${JSON.stringify([(this.now() - this.started) / 1000, kind, data])}\n`;
    if (this.recorded + line.length > RECORDING_MAX) {
      this.truncated = true;
      this.dirty = true;
      return;
    }
    this.recorded += line.length;
    this.pending += line;
    this.dirty = true;
    if (this.pending.length >= CHUNK_BYTES) this.flush();
  }

  /** Writes what is new (in order: one write at a time). */
  private flush() {
    if (!this.dirty) return this.writes;
    const data = this.pending;
    this.pending = '';
    this.dirty = false;
    const piece = data ? { seq: this.seq++, data } : {};
    const counts = {
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
      recordedBytes: this.recorded,
      truncated: this.truncated,
      at: new Date(this.now()),
    };
    const { id } = this;
    this.writes = this.writes.then(() => this.store.progress(id, { ...piece, ...counts })).catch(() => undefined);
    return this.writes;
  }
}
