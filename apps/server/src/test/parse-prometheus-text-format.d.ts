/** The Prometheus text format parser the metrics test reads the console's /metrics with (it ships no types). */
declare module 'parse-prometheus-text-format' {
  type Sample = { value: string; labels?: Record<string, string> };
  type Family = { name: string; help: string; type: string; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
