// @ts-check
// One format for the repository, checked by `npm run lint` (`prettier --check .`); `npm run format` writes it.
/** @type {import('prettier').Config} */
export default {
  plugins: ['prettier-plugin-astro'],
  printWidth: 120,
  // html`…` templates render the inbox's markup: reflowing them would change the pages it serves.
  embeddedLanguageFormatting: 'off',
  singleQuote: true,
  // Editors' prose keeps its own line breaks: a wrapped paragraph is a diff nobody asked for.
  proseWrap: 'preserve',
  overrides: [{ files: '*.astro', options: { parser: 'astro' } }],
};
