import { describe, expect, it } from 'vitest';
import { parseRecording, playbackDelays } from './replay.ts';

describe('a recorded terminal session', () => {
  const text = [
    JSON.stringify({ version: 2, width: 97, height: 37, timestamp: 1 }),
    JSON.stringify([0.1, 'o', '$ ']),
    JSON.stringify([0.5, 'o', 'echo hi\r\nhi\r\n']),
    JSON.stringify([9.5, 'r', '120x40']),
    JSON.stringify([9.6, 'i', 'secret']),
    '',
  ].join('\n');

  it('reads the size and the output, leaving out anything but output and resizes', () => {
    const recording = parseRecording(text);
    expect(recording).toMatchObject({ cols: 97, rows: 37 });
    expect(recording.events.map((e) => e.data)).toEqual(['$ ', 'echo hi\r\nhi\r\n', '120x40']);
  });

  it('plays back with the pauses as recorded, but no long silence', () => {
    const delays = playbackDelays(parseRecording(text).events);
    expect(delays.map((d) => Math.round(d * 10) / 10)).toEqual([0.1, 0.4, 1]);
  });
});
