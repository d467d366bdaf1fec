import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Built as vue-cli builds a Vue 2 app for wujie: classic (non-module) scripts,
 * a relative public path ('./': the files are found wherever the folder is
 * served), the libraries in js/chunk-vendors.js and a page loaded lazily in its
 * own chunk, so a host that resolves the entry under a deep route 404s on them.
 */
export default {
  mode: 'production',
  entry: { app: './src/main.js' },
  output: {
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    publicPath: './',
    filename: 'js/[name].[contenthash:8].js',
    chunkFilename: 'js/[name].[contenthash:8].js',
    clean: true,
  },
  resolve: { alias: { vue$: 'vue/dist/vue.runtime.esm.js' } },
  optimization: {
    splitChunks: { cacheGroups: { vendors: { name: 'chunk-vendors', test: /[\\/]node_modules[\\/]/, chunks: 'initial', priority: -10 } } },
  },
  plugins: [new HtmlWebpackPlugin({ template: './index.html' })],
  performance: { hints: false },
};
