import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
