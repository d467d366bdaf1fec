/// <reference types="vite/client" />

/** The build variables the app reads: strings, absent when unset (Vite's own typing says `any`). */
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
}
