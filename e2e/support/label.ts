import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/**
 * A camera's view of a label: a Code 128 of `text` (made by zxing-cpp's writer) on white, as a short video Chromium
 * plays as its camera (`--use-file-for-fake-video-capture`), made by ffmpeg. Answers the video's path.
 */
export async function labelVideo(text: string, dir: string): Promise<string> {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true });
  // as wide as fits the camera's 640 px with its quiet zones, whatever the text's length
  const { image, error } = await writeBarcode(text, { format: 'Code128', scale: -560 });
  if (!image) throw new Error(`the label could not be made: ${error}`);
  const png = path.join(dir, 'label.png');
  writeFileSync(png, Buffer.from(await image.arrayBuffer()));
  const video = path.join(dir, 'label.y4m');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    png,
    '-vf',
    'pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
    '-r',
    '10',
    '-t',
    '2',
    video,
  ]);
  return video;
}

/** The codes a picture of printed labels carries (a screenshot of the print window), read by zxing-cpp's reader. */
export async function readLabels(png: Buffer): Promise<string[]> {
  const reader = await import('zxing-wasm/reader');
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await reader.prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true });
  const found = await reader.readBarcodes(new Uint8Array(png), {
    formats: ['QRCode', 'Code128'],
    tryHarder: true,
    maxNumberOfSymbols: 64,
  });
  return found.filter((r) => r.isValid).map((r) => r.text);
}
