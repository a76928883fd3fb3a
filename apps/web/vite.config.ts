import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The offline worker (src/offline/sw.js) as /sw.js, with the build's files to keep and a version named by them: a new
 * build is a new worker, which drops the files of the one before.
 */
function offlineWorker(): Plugin {
  return {
    name: 'it4u-offline-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = [
        ...Object.keys(bundle).filter((f) => f !== 'index.html'),
        'manifest.webmanifest',
        'icon-192.png',
        'icon-512.png',
      ].sort();
      const index = bundle['index.html'];
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(index && index.type === 'asset' ? String(index.source) : '')
        .digest('hex')
        .slice(0, 16);
      const source = readFileSync(new URL('./src/offline/sw.js', import.meta.url), 'utf8')
        .replace("['__FILES__']", JSON.stringify(files))
        .replace('__VERSION__', version);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), offlineWorker()],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
      '/webssh': { target: 'http://localhost:8080', ws: true },
      // the guest login page and its splash images (the Upload tab's preview frames them)
      '/guest': 'http://localhost:8080',
      '/images': 'http://localhost:8080',
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
