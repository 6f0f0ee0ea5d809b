// @ts-check
import { defineConfig, envField, fontProviders } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { wikiSearchIndex } from './src/integrations/pagefind.ts';
import { precompress } from './src/integrations/precompress.ts';
import { loadEnv } from 'vite';
import { SITE } from './core/site.ts';

// The canonical origin of the public site. Every canonical link, og:url and the sitemap derive from it.
const fileEnv = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), '');
const site = process.env.SITE_URL || fileEnv.SITE_URL || SITE.defaultUrl;

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
    react(),
    mdx(),
    // Error pages, the wiki's redirect page and its e-mail previews (noindex) are not documents to index.
    sitemap({ filter: (page) => !/\/(404|wikiangram)\/?$/.test(page) && !page.includes('/wikiangram/email-template/preview/') }),
    wikiSearchIndex(),
    // Last: compresses what the other integrations wrote too.
    precompress(),
  ],
  // Code blocks are highlighted at build time into Prism's token classes (styled in src/styles/wiki.css):
  // Shiki's default inline colours would be style attributes, which the CSP blocks.
  markdown: { syntaxHighlight: 'prism' },
  vite: {
    plugins: [tailwindcss()],
    build: {
      rollupOptions: {
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
  image: { service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 2 }, webp: { effort: 3 } } } },
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['system-ui', 'sans-serif'],
      options: { variants: [{ src: ['./src/assets/fonts/inter-latin-wght.woff2'], weight: '100 900', style: 'normal' }] },
    },
    {
      provider: fontProviders.local(),
      name: 'Sora',
      cssVariable: '--font-sora',
      fallbacks: ['system-ui', 'sans-serif'],
      options: { variants: [{ src: ['./src/assets/fonts/sora-latin-wght.woff2'], weight: '100 800', style: 'normal' }] },
    },
  ],
  env: {
    schema: {
      SITE_URL: envField.string({ context: 'server', access: 'public', default: SITE.defaultUrl }),
      PUBLIC_API_BASE: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CONTACT_EMAIL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CONTACT_PHONE: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_WHATSAPP_NUMBER: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_ANALYTICS_ID: envField.string({ context: 'client', access: 'public', optional: true }),
    },
  },
  security: { csp: true },
});
