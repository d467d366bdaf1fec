import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Built as a React app under a base path: its files and its router both live under /react17/. */
export default defineConfig({
  base: '/react17/',
  plugins: [react()],
  // React 17 is this app's own (the workspace's other apps use 18): the router must use the same copy
  resolve: { dedupe: ['react', 'react-dom'] },
});
