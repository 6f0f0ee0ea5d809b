// html-validate configuration for the built site (e2e/quality/html-validate.spec.ts).
// Recommended rules, with these deliberate exceptions:
export default {
  root: true,
  extends: ['html-validate:recommended'],
  // Astro inserts `<style>astro-island{display:contents}</style>` before the first island, inside <body>.
  elements: ['html5', { style: { flow: true } }],
  rules: {
    // Astro compresses HTML: whitespace and self-closing style are the compiler's, not ours.
    'void-style': 'off',
    'no-trailing-whitespace': 'off',
    // Spanish copy uses Unicode characters (ñ, ¿, ¡, —) rather than entities.
    'no-raw-characters': ['error', { relaxed: true }],
    // Astro emits <astro-island>/<astro-slot> custom elements for hydration.
    'no-unknown-elements': 'off',
    // Prose may repeat a link's text across a page ("Ver Más" per service card, each with its own label).
    'no-redundant-for': 'off',
    // React renders boolean attributes as hidden="" (equivalent to the bare attribute).
    'attribute-empty-style': 'off',
    // The same for the form islands' required="", selected="" and disabled="": a boolean attribute is
    // true whatever its value, and React's server renderer always writes the empty one.
    'attribute-boolean-style': 'off',
    // React's server renderer keeps the camelCase of some props (maxLength, autoComplete, noValidate);
    // attribute names are case-insensitive in HTML, so only lowercase and that camelCase are accepted.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
  },
};
