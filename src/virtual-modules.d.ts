// Modules the build provides (astro.config.mjs registers their plugins).
declare module 'virtual:angram/email-previews' {
  const data: import('./lib/wiki/email-preview-data.ts').EmailPreviewData;
  export default data;
}
