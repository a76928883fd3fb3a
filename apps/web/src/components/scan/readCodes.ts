/** What a label's code is read from: a frame of the camera. */
export type ReadCodes = (frame: ImageData) => Promise<string[]>;

/** The labels the console reads: Code 128 (serials, MACs), QR and Data Matrix. */
const DETECTOR_FORMATS = ['code_128', 'qr_code', 'data_matrix'];
const ZXING_FORMATS = ['Code128', 'QRCode', 'DataMatrix'] as const;

type Detector = { detect: (image: ImageData) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * A scanned code as a field takes it: trimmed, without the control characters a reader may add (a Code 128 label's
 * FNC characters, a scanner's line end). Empty when nothing is left.
 */
export function scannedText(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a label's control characters are what is removed
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/**
 * The reader of this browser: its own barcode detector where it has one for these formats (Android, macOS,
 * ChromeOS), else zxing-cpp compiled to WebAssembly, loaded from the console itself on the first scan (never from a
 * CDN: the console's pages load nothing from elsewhere).
 */
export async function codeReader(): Promise<ReadCodes> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const supported = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  const formats = DETECTOR_FORMATS.filter((f) => supported?.includes(f));
  if (Native && formats.length === DETECTOR_FORMATS.length) {
    const detector = new Native({ formats });
    return async (frame) => (await detector.detect(frame)).map((b) => scannedText(b.rawValue)).filter(Boolean);
  }
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return async (frame) =>
    (await readBarcodes(frame, { formats: [...ZXING_FORMATS], tryHarder: true, maxNumberOfSymbols: 4 }))
      .filter((r) => r.isValid)
      .map((r) => scannedText(r.text))
      .filter(Boolean);
}
