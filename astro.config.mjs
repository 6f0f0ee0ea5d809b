// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { PAGEFIND_DIR, wikiSearchIndex, wikiSearchIndexWritten } from './src/integrations/pagefind.ts';
import { fontCoverage } from './src/integrations/fonts/coverage.ts';
import { fontFamiliesConfig, subsetFontProvider } from './src/integrations/fonts/provider.ts';
import { FONT_CACHE_DIR, SITE_FONTS, SITE_TEXT } from './src/integrations/fonts/site-fonts.ts';
import { subsetFamilies } from './src/integrations/fonts/subset-fonts.ts';
import { precompress, precompressBesideSearchIndex, startPageCompression } from './src/integrations/precompress.ts';
import { mdxCompileCache } from './src/integrations/mdx-cache.ts';
import { previousBuildAside } from './src/integrations/previous-build.ts';
import { releaseBundlerMemory } from './src/integrations/bundle-memory.ts';
import { interactDirective } from './src/integrations/interact/index.ts';
import { ownCspHashes } from './src/integrations/csp-hashes.ts';
import { buildCpuCheckpoints } from './src/integrations/build-timing.ts';
import { translationsCheck } from './src/integrations/translations.ts';
import { sitemapEntry } from './src/integrations/sitemap-entries.ts';
import { loadEnv } from 'vite';
import { SITE } from './core/site.ts';
import { BUILD_ENV } from './src/lib/build-env.ts';
import { emailPreviewsModule } from './build/email-previews.ts';
import { noDepOptimizerOutsideDev } from './src/integrations/no-dep-optimizer.ts';
import { contentPagesGroup } from './src/integrations/content-chunks.ts';

// The canonical origin of the public site. Every canonical link, og:url and the sitemap derive from it.
const fileEnv = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
const site = process.env.SITE_URL || fileEnv.SITE_URL || SITE.defaultUrl;

// Inter and Sora cut to the characters of the site's own copy (content/ and src/), read at every build, plus
// a "rest" file per family that a browser fetches only for a character outside them (see src/integrations/fonts).
const fontFamilies = await subsetFamilies(SITE_FONTS, { root: process.cwd(), cacheDir: FONT_CACHE_DIR, ...SITE_TEXT });

export default defineConfig({
  site,
  trailingSlash: 'never',
  // Every page is a file (`contacto.html`, `portfolio/404.html`): CDNs serve `/contacto` from it
  // without the redirect to `/contacto/` that folder-style output gets on hosts like Cloudflare Pages.
  build: { format: 'file' },
  // 'jsx' (Astro 7's default) drops the whitespace between inline tags and glues Spanish words together
  // ("Contáctanos<a>hoy</a>"). HTML-aware compression keeps the spaces that separate words.
  compressHTML: true,
  integrations: [
    // First: a missing translation stops the build before any page is rendered.
    translationsCheck(),
    // `npm run bench:build` only: the CPU time each of Astro's phases used (src/integrations/build-timing.ts).
    buildCpuCheckpoints(),
    // The previous dist/ is set aside, not deleted before bundling: its unchanged compressed copies and search
    // index files are moved back, and the next build deletes the rest (src/integrations/previous-build.ts).
    previousBuildAside(),
    // Vite's dependency optimizer is for the development server's browser only (src/integrations/no-dep-optimizer.ts).
    noDepOptimizerOutsideDev(),
    react(),
    // `client:interact`: React loads when the visitor first uses an island (src/integrations/interact).
    interactDirective(),
    mdx(),
    // After mdx(): a wiki page whose text did not change is not compiled again (src/integrations/mdx-cache.ts).
    mdxCompileCache(),
    // Error pages, the wiki's redirect page and its e-mail previews (noindex) are not documents to index,
    // and neither is /reunion, which only a private link opens, nor /429, which the server answers with.
    sitemap({
      filter: (page) =>
        !/\/(404|429|wikiangram|reunion)\/?$/.test(page) && !page.includes('/wikiangram/email-template/preview/'),
      // Each page's twins (hreflang alternates) and its priority.
      serialize: sitemapEntry,
    }),
    wikiSearchIndex(),
    fontCoverage(fontFamilies),
    // Trims each page's policy as it is rendered and hands the final bytes to compression, which starts
    // on them while the next page renders.
    ownCspHashes({ rendered: startPageCompression }),
    // The search index is built in Pagefind's process while fonts, CSP and the rest's compression run here.
    precompressBesideSearchIndex(PAGEFIND_DIR),
    wikiSearchIndexWritten(),
    // Last: compresses what the other integrations wrote too.
    precompress(),
  ],
  // Code blocks are highlighted at build time into Prism's token classes (styled in src/styles/wiki.css):
  // Shiki's default inline colours would be style attributes, which the CSP blocks.
  markdown: { syntaxHighlight: 'prism' },
  vite: {
    // The wiki's e-mail previews, rendered from the server's templates at build time (build/); the bundler's
    // spent memory given back before pages render (src/integrations/bundle-memory.ts).
    plugins: [tailwindcss(), emailPreviewsModule(), releaseBundlerMemory()],
    build: {
      rollupOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]islands[\\/]ui[\\/]Icon\.tsx$/,
              },
              // The Markdown and MDX pages in a few large chunks instead of two each (src/integrations/content-chunks.ts).
              contentPagesGroup(fileURLToPath(new URL('./content/', import.meta.url))),
            ],
          },
        },
        // Astro's own MDX head-propagation directive trips this bundler notice once per MDX file
        // (withastro/astro#18087, harmless); silenced so real warnings stay visible in the build output.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:head-inject')) return;
          warn(warning);
        },
      },
    },
  },
  // Faster encoders keep a clean build within the 30 s budget on 2 cores; sizes grow only a few percent.
  image: {
    service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 2 }, webp: { effort: 3 } } },
    // Vector covers are rasterised for Open Graph cards. Every image source is a file committed to the
    // repository (no remote images are optimised), so no crafted SVG reaches the rasteriser.
    dangerouslyProcessSVG: true,
  },
  fonts: fontFamiliesConfig(fontFamilies, subsetFontProvider()),
  env: {
    schema: {
      SITE_URL: envField.string({ context: 'server', access: 'public', default: SITE.defaultUrl }),
      PUBLIC_API_BASE: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CONTACT_EMAIL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CONTACT_PHONE: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_WHATSAPP_NUMBER: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_ANALYTICS_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      VITALS_SAMPLE_RATE: envField.number({ context: 'client', access: 'public', default: 1, min: 0, max: 1 }),
    },
  },
  security: { csp: true },
  experimental: {
    // A wiki page whose text, front matter and code did not change since the last build is copied from
    // that build instead of rendered again (node_modules/.astro; src/lib/render-key.ts says what
    // else a page depends on). An editor's change to one page renders that page, not the whole wiki.
    // `npm run bench:build -- --no-incremental` turns it off to measure what it costs a clean build.
    incrementalBuild: BUILD_ENV.incrementalBuild,
  },
});
