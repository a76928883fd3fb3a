/** An asciicast v2 recording: its size, and its output events in order (seconds from the start, text). */
export type Recording = { cols: number; rows: number; events: { at: number; kind: 'o' | 'r'; data: string }[] };

export function parseRecording(text: string): Recording {
  const [first, ...lines] = text.split('\n').filter((l) => l.trim() !== '');
  const header = first ? (JSON.parse(first) as { width?: number; height?: number }) : {};
  const events: Recording['events'] = [];
  for (const line of lines) {
    const [at, kind, data] = JSON.parse(line) as [number, string, string];
    if ((kind === 'o' || kind === 'r') && typeof at === 'number' && typeof data === 'string') {
      events.push({ at, kind, data });
    }
  }
  return { cols: header.width ?? 80, rows: header.height ?? 24, events };
}

/** The pause before each event when played back: as recorded, but never more than `maxGap` seconds of nothing. */
export function playbackDelays(events: Recording['events'], maxGap = 1): number[] {
  return events.map((e, i) => Math.min(maxGap, Math.max(0, e.at - (events[i - 1]?.at ?? 0))));
}
